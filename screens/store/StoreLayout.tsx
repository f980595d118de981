import type { ReactNode } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { PageSizeSelect } from '../../runtime/list/PageSizeSelect';
import { Pagination } from '../../runtime/list/Pagination';
import { Spinner } from '../../runtime/ui/Spinner';
import type { CatalogueProduct } from '../product/productTypes';
import { AdPlaceholders } from './AdPlaceholders';
import { FilterPanel } from './FilterPanel';
import { MostPopularBanner } from './MostPopularBanner';
import { ProductList } from './ProductList';
import { ProductTile } from './ProductTile';
import type { StoreViewer } from './productRules';
import { SortSelect } from './SortSelect';
import { PER_PAGE_OPTIONS } from './storeState';
import './store.css';
import type { StoreController } from './useStoreController';
import { ViewSwitch } from './ViewSwitch';

interface StoreLayoutProps<P extends CatalogueProduct> {
  controller: StoreController<P>;
  viewer: StoreViewer | null;
  productRoute: string;
  renderPriceBox: (product: P) => ReactNode;
  /** Filters only one store has (the public currency). */
  extraFilters?: ReactNode;
  /** Above the list (the public store's request-an-account link). */
  header?: ReactNode;
}

/**
 * The store's layout, shared by the signed-in and the public store (000 §2.3, §2.5): filter panel,
 * most-popular banner, sort / per-page / view controls, the list (or spinner, or empty state),
 * pagination and the ad placeholders.
 */
export function StoreLayout<P extends CatalogueProduct>({
  controller,
  viewer,
  productRoute,
  renderPriceBox,
  extraFilters,
  header,
}: StoreLayoutProps<P>) {
  const t = useT();
  const { state } = controller;

  let content: ReactNode;
  if (controller.loading) content = <Spinner />;
  else if (controller.products.length === 0)
    content = (
      <p className="store-empty" data-testid="store-empty">
        {t('store.empty')}
      </p>
    );
  else
    content = (
      <ProductList
        products={controller.products}
        view={state.view}
        renderProduct={(product) => (
          <ProductTile product={product} viewer={viewer} productRoute={productRoute} view={state.view} priceBox={renderPriceBox(product)} />
        )}
      />
    );

  return (
    <div className="store" data-testid={`store-${controller.kind}`}>
      <FilterPanel
        filters={controller.draftFilters}
        valueRangeInvalid={controller.valueRangeInvalid}
        onChange={controller.editFilters}
        onClear={controller.clearFilters}
      >
        {extraFilters}
      </FilterPanel>
      <div className="store-main">
        {header}
        <MostPopularBanner
          product={controller.mostPopular}
          viewer={viewer}
          productRoute={productRoute}
          priceBox={controller.mostPopular ? renderPriceBox(controller.mostPopular) : null}
        />
        <div className="store-toolbar">
          <SortSelect value={state.sort_by} onChange={controller.setSort} />
          <PageSizeSelect
            value={state.per_page}
            options={PER_PAGE_OPTIONS}
            onChange={controller.setPerPage}
            className="store-toolbar__control"
            selectClassName="store-input"
            testId="per-page-select"
          />
          <ViewSwitch value={state.view} onChange={controller.setView} />
        </div>
        {content}
        {!controller.loading && controller.totalPages > 0 && (
          <Pagination page={state.page} totalPages={controller.totalPages} totalCount={controller.totalCount} onPage={controller.setPage} />
        )}
      </div>
      <AdPlaceholders />
    </div>
  );
}

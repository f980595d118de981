import { useT } from '../../runtime/i18n/useT';
import type { DovetailChoice, DraftLine } from './basketDraft';
import type { BasketEditor } from './useBasketEditor';

interface Props {
  /** The line's target (a basket's or a quote's line). */
  line: Pick<DraftLine, 'prov_organisation' | 'prov_group' | 'prov_site'>;
  editable: boolean;
  choices: NonNullable<BasketEditor['dovetail']>;
  onChange: (change: Partial<Pick<DraftLine, 'prov_organisation' | 'prov_group' | 'prov_site'>>) => void;
}

const id = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * A Dovetail provisioning line's target (000 §3 prov_organisation, prov_group, prov_site; §6 DOVETAIL
 * module): the organisation, then its groups and sites. A new organisation clears the group and site.
 */
export function DovetailTarget({ line, editable, choices, onChange }: Props) {
  const t = useT();
  const ofOrganisation = (rows: readonly DovetailChoice[]) =>
    rows.filter((row) => line.prov_organisation === null || row.organisation?.id === line.prov_organisation);
  const select = (
    label: string,
    value: number | null,
    rows: readonly DovetailChoice[],
    testId: string,
    change: (value: number | null) => void,
  ) => (
    <label className="form__field">
      <span>{label}</span>
      <select value={value ?? ''} disabled={!editable} data-testid={testId} onChange={(event) => change(id(event.target.value))}>
        <option value="">—</option>
        {rows.map((row) => (
          <option key={row.id} value={row.id}>
            {row.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="basket-lines__dovetail" data-testid="dovetail-target">
      {select(t('basket_page.prov_organisation'), line.prov_organisation, choices.organisations, 'line-prov_organisation', (value) =>
        onChange({ prov_organisation: value, prov_group: null, prov_site: null }),
      )}
      {select(t('basket_page.prov_group'), line.prov_group, ofOrganisation(choices.groups), 'line-prov_group', (value) =>
        onChange({ prov_group: value }),
      )}
      {select(t('basket_page.prov_site'), line.prov_site, ofOrganisation(choices.sites), 'line-prov_site', (value) =>
        onChange({ prov_site: value }),
      )}
    </div>
  );
}

import { useT } from '../../runtime/i18n/useT';
import type { ViewMode } from './storeState';
import { Icon } from '../common/Icon';

interface ViewSwitchProps {
  value: ViewMode;
  onChange: (view: ViewMode) => void;
}

/** Switches the product list between tiles (columns) and rows (000 §2.3). */
export function ViewSwitch({ value, onChange }: ViewSwitchProps) {
  const t = useT();
  const modes = [
    { mode: 'tile', label: t('store.view_tiles'), icon: 'tiles' },
    { mode: 'row', label: t('store.view_rows'), icon: 'rows' },
  ] as const;
  return (
    <div className="store-view-switch" role="group" data-testid="view-switch">
      {modes.map(({ mode, label, icon }) => (
        <button
          key={mode}
          type="button"
          className={value === mode ? 'store-view-switch__button store-view-switch__button--active' : 'store-view-switch__button'}
          aria-pressed={value === mode}
          title={label}
          data-testid={`view-${mode}`}
          onClick={() => onChange(mode)}
        >
          <Icon name={icon} /> {label}
        </button>
      ))}
    </div>
  );
}

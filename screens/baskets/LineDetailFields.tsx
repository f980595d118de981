import { useT } from '../../runtime/i18n/useT';
import {
  DETAIL_MAX_LENGTH,
  editableDetails,
  ZOOM_ORDER_TYPES,
  type DetailProblem,
  type EditableDetailField,
  type LineDetails,
} from '../../shared/baskets/lineDetails';
import { emailValid } from './basketDraft';
import { DETAIL_LABELS as LABELS } from './lineDetailLabels';

interface Props {
  /** The line's product's subscription type: which fields it carries. */
  type: string | null | undefined;
  details: { readonly [field in keyof LineDetails]?: string | null };
  /** The line's first broken rule, as typed (shared/baskets) or as the server answered it. */
  problem: DetailProblem | undefined;
  editable: boolean;
  onChange: (field: EditableDetailField, value: string) => void;
}

/**
 * The per-line subscription details of 000 §3 / §2.9 (Dropbox team, Acronis tenant, the Zoom
 * order, the named orders), for the basket page's line table and the wizard's Details tab alike:
 * only the fields of the line's type, their limits, and the broken rule shown by its field.
 */
export function LineDetailFields({ type, details, problem, editable, onChange }: Props) {
  const t = useT();
  return (
    <>
      {editableDetails(type).map((field) => {
        const value = details[field] ?? '';
        const ruleBroken = problem?.field === field ? problem : undefined;
        const isEmail = field.endsWith('_email');
        const invalid = ruleBroken !== undefined || (isEmail && !emailValid(value));
        const common = { value, disabled: !editable, 'aria-invalid': invalid, 'data-testid': `line-${field}` } as const;
        return (
          <label key={field} className="form__field">
            <span>{t(LABELS[field])}</span>
            {field === 'zoom_order_type' ? (
              <select {...common} onChange={(event) => onChange(field, event.target.value)}>
                <option value="">—</option>
                {ZOOM_ORDER_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {t(`zoom_order_type.${option}`)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={isEmail ? 'email' : 'text'}
                maxLength={DETAIL_MAX_LENGTH[field]}
                onChange={(event) => onChange(field, event.target.value)}
              />
            )}
            {ruleBroken ? (
              <span className="form__warning" role="alert" data-testid="line-detail-problem">
                {t(`problem.${ruleBroken.code}`, { parameter: t(LABELS[field]) })}
              </span>
            ) : (
              invalid && <span className="form__warning">{t('email_regex')}</span>
            )}
          </label>
        );
      })}
    </>
  );
}

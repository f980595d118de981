import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import type { QuantityProblem } from './quantityRules';

interface QuantityInputProps {
  text: string;
  locked: boolean;
  problem: QuantityProblem | null;
  onType: (text: string) => void;
}

/** The quantity input: whole numbers, read-only when locked, marked with the reason when invalid (000 §5). */
export function QuantityInput({ text, locked, problem, onType }: QuantityInputProps) {
  const t = useT();
  const input = (
    <input
      className={problem ? 'store-input price-box__quantity store-input--invalid' : 'store-input price-box__quantity'}
      type="number"
      min={1}
      step={1}
      inputMode="numeric"
      value={text}
      readOnly={locked}
      aria-invalid={problem !== null}
      aria-label={t('price.quantity')}
      data-testid="quantity-input"
      onChange={(event) => onType(event.target.value)}
    />
  );
  return (
    <label className="price-box__quantity-field">
      <span className="price-box__label">{t('price.quantity')}</span>
      {problem ? (
        <Tooltip text={t(problem.key, problem.values)}>
          {input}
          <span className="price-box__warning" data-testid="quantity-problem">
            {t(problem.key, problem.values)}
          </span>
        </Tooltip>
      ) : (
        input
      )}
    </label>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import { Tooltip } from '../../runtime/ui/Tooltip';
import { lineQuantity, QUANTITY_DEBOUNCE_MS, type QuantityProblem } from '../price/quantityRules';

interface Props {
  quantity: number;
  /** The first unit of the line's plan's smallest volume tier, if it has one (000 §5). */
  smallestTierStart: number | null;
  /** Root, no price and no plan, or a plan whose charges do not count units (000 §5). */
  locked: boolean;
  disabled: boolean;
  problem: QuantityProblem | null;
  onChange: (quantity: number) => void;
  testId: string;
}

/**
 * A basket line's quantity, on the basket page and in the wizard alike (000 §5): what is typed
 * is applied 750 ms after the last keystroke — or at once when the field is left, so a Save
 * clicked straight after typing saves what was typed — floored, raised to 1 and to the smallest
 * volume tier; 0 removes the line (000 §4). The plan's min/max are shown as they are broken.
 */
export function LineQuantityInput({ quantity, smallestTierStart, locked, disabled, problem, onChange, testId }: Props) {
  const t = useT();
  const [text, setText] = useState(String(quantity));
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A quantity set from outside (Remove, Cancel's reload, a plan change) replaces what is shown.
  useEffect(() => setText(String(quantity)), [quantity]);
  useEffect(() => () => clearTimeout(pending.current), []);

  const apply = (typed: string) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    const next = lineQuantity(typed, smallestTierStart);
    setText(String(next));
    if (next !== quantity) onChange(next);
  };
  const type = (typed: string) => {
    setText(typed);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => apply(typed), QUANTITY_DEBOUNCE_MS);
  };

  return (
    <>
      <input
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className={problem ? 'store-input store-input--invalid' : 'store-input'}
        value={text}
        disabled={disabled}
        readOnly={locked}
        aria-invalid={problem !== null}
        aria-label={t('basket_page.quantity')}
        data-testid={testId}
        onChange={(event) => type(event.target.value)}
        onBlur={() => pending.current !== undefined && apply(text)}
      />
      {problem && (
        <Tooltip text={t(problem.key, problem.values)}>
          <span className="price-box__warning" data-testid={`${testId}-problem`}>
            {t(problem.key, problem.values)}
          </span>
        </Tooltip>
      )}
    </>
  );
}

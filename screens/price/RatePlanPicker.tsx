import { useId, useState } from 'react';
import { useT } from '../../runtime/i18n/useT';
import type { RatePlan } from '../product/productTypes';

interface RatePlanPickerProps {
  plans: RatePlan[];
  selectedPlanId: number | null;
  onSelect: (planId: number) => void;
}

/** The rate-plan options button of the price box (000 §2.4), opening a choice of the product's plans. */
export function RatePlanPicker({ plans, selectedPlanId, onSelect }: RatePlanPickerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const name = useId();
  const listId = useId();
  if (plans.length === 0) return null;
  return (
    <span className="price-box__plans">
      <button
        type="button"
        className="price-box__icon-button"
        aria-expanded={open}
        aria-controls={listId}
        data-testid="rate-plan-options"
        onClick={() => setOpen(!open)}
      >
        {t('price.rate_plan_options')}
      </button>
      {open && (
        <fieldset id={listId} className="price-box__bubble price-box__plan-list" data-testid="rate-plan-list">
          <legend className="visually-hidden">{t('price.rate_plan_options')}</legend>
          {plans.map((plan) => (
            <label key={plan.id}>
              <input type="radio" name={name} checked={plan.id === selectedPlanId} onChange={() => onSelect(plan.id)} />
              {plan.name} ({t(`billing_frequency.${plan.billing_frequency}`)})
            </label>
          ))}
        </fieldset>
      )}
    </span>
  );
}

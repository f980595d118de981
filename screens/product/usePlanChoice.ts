import { useMemo, useState } from 'react';
import { initialQuantity } from '../price/quantityRules';
import { defaultRatePlan } from '../../shared/pricing';
import type { RatePlan } from './productTypes';

export interface PlanChoice {
  selectedPlan: RatePlan | null;
  selectPlan: (planId: number) => void;
  quantity: number;
}

/**
 * The plan chosen on the public product page: the default plan first (000 §5). Visitors set no
 * quantity there, so plans are priced at the chosen plan's starting quantity.
 */
export function usePlanChoice(plans: RatePlan[]): PlanChoice {
  const [selectedPlanId, setSelectedPlanId] = useState<number | null>(null);
  const selectedPlan = useMemo(() => plans.find((plan) => plan.id === selectedPlanId) ?? defaultRatePlan(plans), [plans, selectedPlanId]);
  return { selectedPlan, selectPlan: setSelectedPlanId, quantity: initialQuantity(selectedPlan) };
}

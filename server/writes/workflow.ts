/**
 * One step of a multi-step operation (checkout, quote acceptance, a change order). Steps share a
 * state object: each reads what earlier steps left and adds its own results.
 */
export interface WorkflowStep<State> {
  name: string;
  run(state: State): Promise<void>;
  /**
   * Undoes what `run` did outside the database (a payment authorised, a provider called), when a
   * later step fails. Database writes need none: the request's transaction takes them back.
   */
  compensate?(state: State): Promise<void>;
}

/** A step that failed, named, with what its compensations left undone. */
export class WorkflowFailed extends Error {
  constructor(
    readonly workflow: string,
    readonly step: string,
    override readonly cause: unknown,
    /** Compensations that threw too: their effects may remain and need a person. */
    readonly uncompensated: string[],
  ) {
    super(`${workflow}: step "${step}" failed`);
  }
}

/**
 * Runs the steps in order inside the caller's transaction. When one throws, the steps already
 * done are compensated in reverse order, then the step's own error is rethrown (a domain error
 * stays one, so the API answers it as usual); a compensation that throws too is logged and named
 * on a WorkflowFailed instead, as its effect may remain.
 */
export async function runWorkflow<State>(workflow: string, steps: readonly WorkflowStep<State>[], state: State): Promise<State> {
  const done: WorkflowStep<State>[] = [];
  for (const step of steps) {
    try {
      await step.run(state);
      done.push(step);
    } catch (error) {
      const uncompensated: string[] = [];
      for (const finished of done.reverse()) {
        if (!finished.compensate) continue;
        try {
          await finished.compensate(state);
        } catch (compensationError) {
          console.error(`${workflow}: compensating "${finished.name}" failed`, compensationError);
          uncompensated.push(finished.name);
        }
      }
      if (uncompensated.length > 0) throw new WorkflowFailed(workflow, step.name, error, uncompensated);
      throw error;
    }
  }
  return state;
}

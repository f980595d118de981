import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Spinner } from '../ui/Spinner';

/**
 * A hand-written component of a slot (generated registry, runtime/generated/slots.tsx), loaded on
 * first use. The generator emits an entry for every component the spec names.
 */
export function Slot<Props extends object>({
  registry,
  component,
  props,
}: {
  registry: Readonly<Record<string, LazyExoticComponent<ComponentType<Props>>>>;
  component: string;
  props: Props;
}) {
  const Component = registry[component];
  if (!Component) throw new Error(`No component "${component}" in the slot registry: run npm run generate`);
  return (
    <Suspense fallback={<Spinner />}>
      <Component {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { IconName } from './Icon';

/**
 * The icon set (src/app/Icon.tsx) for the first screen, loaded right after it: the set's path table would
 * cost the first screen about 2.3 KB gzip. Until it is there an empty box of the icon's size holds its
 * place; every later screen finds it loaded. `category` picks a catalogue category's icon by its key.
 */
type Props = { size?: number } & ({ name: IconName; category?: undefined } | { category: string; name?: undefined });

const Loaded = lazy(async () => {
  const { Icon, categoryIcon } = await import('./Icon');
  return { default: (p: Props) => <Icon name={p.name ?? categoryIcon(p.category ?? '')} size={p.size ?? 20} /> };
});

export function LazyIcon(props: Props) {
  const size = props.size ?? 20;
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: size, height: size }} aria-hidden="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}

// The bundled samples a bench measures: every .aces file under samples/ (each system's folder too), the worked
// examples left out (scripted test scenes, not fights a GM writes), as absolute paths in a stable order.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

export function samples(): string[] {
  return (readdirSync('samples', { recursive: true }) as string[])
    .filter((f) => f.endsWith('.aces') && !f.includes('worked-examples'))
    .map((f) => resolve('samples', f))
    .sort();
}

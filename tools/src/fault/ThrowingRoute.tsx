/**
 * Fault drill: a build with `faultyRender` exposes this in place of every route module, so the e2e suite
 * can prove that a remote whose component throws while rendering is contained by the shell.
 */
export default function ThrowingRoute(): never {
  throw new Error('Errore simulato durante il rendering (esercitazione di guasto)');
}

/**
 * The start-up's modules evaluated one library per task (decision 106). Loading this chunk fetches every shared
 * library the dashboard needs in parallel, as `import('./bootstrap')` alone did; the `eager` imports keep each
 * module in this chunk, so a stage only evaluates it. Without stages the whole graph was evaluated in one chain of
 * microtasks, a single task of 200–430 ms on a phone (4× CPU); measured per stage at 4×: react-dom 27–122 ms,
 * Redux Toolkit 5–22 ms, styled-components 12–53 ms, @loyalty/shared 100–290 ms (its styled components, the API
 * slice), the shell's bootstrap 2–41 ms. A library another build provides (a newer @loyalty/shared from a remote)
 * is evaluated once all the same: a stage requires what the federation runtime picked.
 */
export const STAGES: readonly (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  // The store's libraries are inside @loyalty/shared (decision 109): this stage evaluates the API's toolkit and what it
  // uses of Redux Toolkit, immer and reselect; a namespace import of Redux Toolkit itself would keep all of it.
  () => import(/* webpackMode: "eager" */ '@reduxjs/toolkit/query/react'),
  () => import(/* webpackMode: "eager" */ 'styled-components'),
  () => import(/* webpackMode: "eager" */ '@loyalty/shared'),
  () => import(/* webpackMode: "eager" */ '../bootstrap'),
];

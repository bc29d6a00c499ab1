import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended: logout, or the API answered 401. Lives apart from the slice because the base
 * query dispatches it and the slice's thunks use the API: keeping it here avoids an import cycle.
 */
export const sessionCleared = createAction('session/cleared');

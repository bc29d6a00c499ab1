import {
  createSlice,
  nanoid,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { ERROR_NOTIFICATION_TIMEOUT_MS, MAX_NOTIFICATIONS, NOTIFICATION_TIMEOUT_MS } from '../constants';

export type NotificationKind = 'success' | 'error';

export interface Notification {
  id: string;
  kind: NotificationKind;
  message: string;
}

export interface NotificationsState {
  items: Notification[];
}

const initialState: NotificationsState = { items: [] };

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationShown: {
      // The same message again replaces the one on screen (a retry that fails again says it once), and the
      // oldest goes when there are too many: the stack never piles up.
      reducer: (state, action: PayloadAction<Notification>) => {
        const { kind, message } = action.payload;
        state.items = [...state.items.filter((item) => item.kind !== kind || item.message !== message), action.payload].slice(-MAX_NOTIFICATIONS);
      },
      prepare: (kind: NotificationKind, message: string) => ({
        payload: { id: nanoid(), kind, message },
      }),
    },
    notificationDismissed: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
  },
});

export const { notificationShown, notificationDismissed } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;

/**
 * Shows a notification; successes dismiss themselves after NOTIFICATION_TIMEOUT_MS, errors after
 * ERROR_NOTIFICATION_TIMEOUT_MS (both can be closed sooner).
 */
export function notify(
  kind: NotificationKind,
  message: string,
): ThunkAction<string, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    const { payload } = dispatch(notificationShown(kind, message));
    setTimeout(() => dispatch(notificationDismissed(payload.id)), kind === 'success' ? NOTIFICATION_TIMEOUT_MS : ERROR_NOTIFICATION_TIMEOUT_MS);
    return payload.id;
  };
}

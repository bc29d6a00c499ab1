import {
  createSlice,
  nanoid,
  type PayloadAction,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { NOTIFICATION_TIMEOUT_MS } from '../constants';

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
      reducer: (state, action: PayloadAction<Notification>) => {
        state.items.push(action.payload);
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

/** Shows a notification; successes dismiss themselves after NOTIFICATION_TIMEOUT_MS, errors wait for the user. */
export function notify(
  kind: NotificationKind,
  message: string,
): ThunkAction<string, unknown, unknown, UnknownAction> {
  return (dispatch) => {
    const { payload } = dispatch(notificationShown(kind, message));
    if (kind === 'success') {
      setTimeout(() => dispatch(notificationDismissed(payload.id)), NOTIFICATION_TIMEOUT_MS);
    }
    return payload.id;
  };
}

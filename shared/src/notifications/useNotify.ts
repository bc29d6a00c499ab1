import { useMemo } from 'react';
import { useAppDispatch } from '../store/hooks';
import { notify } from './notificationsSlice';

export interface Notify {
  success: (message: string) => void;
  error: (message: string) => void;
}

export function useNotify(): Notify {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message) => void dispatch(notify('success', message)),
      error: (message) => void dispatch(notify('error', message)),
    }),
    [dispatch],
  );
}

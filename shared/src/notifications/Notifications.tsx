import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Toast } from '../ui/Toast';
import { notificationDismissed, selectNotifications } from './notificationsSlice';
import { useToastHost } from './toastHost';

const ToastStack = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * Renders the shared notifications; mount it once, in the shell (or a standalone remote). While a modal dialog
 * is open they are drawn inside it (toastHost.ts), where they can be seen, heard and dismissed.
 */
export function Notifications() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  const host = useToastHost();
  const stack = (
    <ToastStack>
      {notifications.map((notification) => (
        <Toast
          key={notification.id}
          kind={notification.kind}
          onDismiss={() => dispatch(notificationDismissed(notification.id))}
        >
          {notification.message}
        </Toast>
      ))}
    </ToastStack>
  );
  return host ? createPortal(stack, host) : stack;
}

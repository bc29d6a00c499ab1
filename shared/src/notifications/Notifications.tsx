import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { Toast } from '../ui/Toast';
import { notificationDismissed, selectNotifications } from './notificationsSlice';

const ToastStack = styled.div`
  position: fixed;
  right: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Renders the shared notifications; mount it once, in the shell (or a standalone remote). */
export function Notifications() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  return (
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
}

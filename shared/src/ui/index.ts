export { theme, media, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';
export { VisuallyHidden } from './VisuallyHidden';
export { Spinner, SpinnerGlyph, type SpinnerProps } from './Spinner';
export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink';
export { Input, Textarea, Select } from './Input';
export { Field, type FieldProps, type FieldControlProps } from './Field';
export { TextField, type TextFieldProps } from './TextField';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { Modal, type ModalProps } from './Modal';
export { Tabs, type TabsProps, type TabItem } from './Tabs';
export { Card } from './Card';
export { ScreenHeader, FilterBar } from './ScreenLayout';
export { Badge, type BadgeTone } from './Badge';
export { Toast, type ToastProps, type ToastKind } from './Toast';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
// 2.5.0: the one way a list or table shows its query (docs/decisions/032-one-way-for-lists.md).
export { QueryState, type QueryStateProps, type QueryStateResult } from './QueryState';
// 2.6.0: a table's header row, written once for the admin users, the card ledger and the outbox.
export { TableHead } from './TableHead';
// 2.8.0: the dialogs' and settings' form layout, written once for the campaigns, rewards and messaging forms.
export { StackedForm, FormAlert, ButtonRow, DialogFooter, type DialogFooterProps } from './FormLayout';
// 2.9.0: the auto-fitting grid of form rows, filters and tiles, written once for the admin and cards screens.
export { autoFitGrid } from './ScreenLayout';
// 2.10.0: a wide table scrolls inside its own focusable box, never the page (phones at 360 px).
export { TableScroll, type TableScrollProps } from './TableScroll';
// 2.11.0: a late request, a change not saved, a lost connection: said where the user waits (decision 083).
export { StalledNotice, StalledRequestsNotice, UnsavedChangeNotice, useStalled, useStalledRequests, useConnectionState } from './ServerNotices';
export { ConnectionBanner, useConnectionWatch, HEALTH_BACKOFF_MS } from './ConnectionBanner';
// 2.13.0: a titled section over one query (and its heading, SectionTitle), written once for the admin's, the messaging and the overview's sections.
export { QuerySection, SectionTitle, type QuerySectionProps } from './QuerySection';
// 2.14.0: what a dashboard screen writes before it knows the shop (its main action, its lead), painted by the shell's frame too (decision 093).
// 2.15.0: SCREEN_HEADS.cards, the cards screen's action, search and filter (decision 094).
export { SCREEN_HEADS, type ScreenHead, type ScreenHeadName } from './screenHeads';
// 3.6.0: a dialog's code fetched when it is about to open, one way for the campaigns and the cards screens (decisions 095, 113).
export { useDialogCode, DIALOG_CODE_FAILED, type DialogCode } from './useDialogCode';

-- User management in «Gestione Utenti» (docs/decisions/078-user-management-screen.md): the audit of
-- changes to users also records a change of a colleague's shops and the life of an invitation (sent, sent again,
-- cancelled), so the super admin's list tells who did what, to whom and when for every row action of the screen.
ALTER TABLE user_audit_events DROP CONSTRAINT user_audit_events_action_known;
ALTER TABLE user_audit_events ADD CONSTRAINT user_audit_events_action_known
  CHECK (action IN ('role_changed', 'disabled', 'enabled', 'deleted', 'reset_link_sent', 'password_reset',
                    'shops_changed', 'invited', 'invitation_resent', 'invitation_cancelled'));

-- An invitation goes by e-mail or, where the shop sends them, by WhatsApp or SMS to the colleague's phone
-- (users.phone); «Invia di nuovo» uses the same channel.
ALTER TABLE user_invitations ADD COLUMN channel text NOT NULL DEFAULT 'email'
  CONSTRAINT user_invitations_channel_known CHECK (channel IN ('email', 'whatsapp', 'sms'));

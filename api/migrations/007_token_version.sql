-- A changed password must end the sessions opened with the old one. Every token carries the
-- version of its user at signing (claim `ver`); `authenticate` refuses a token whose version is not the
-- user's current one. Bumped by `UsersRepository.bumpTokenVersion`: on a password change, and on any future
-- change of role or ownership. Existing tokens have no `ver` and count as version 0, the default, so the
-- deployment of this migration logs nobody out.
ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

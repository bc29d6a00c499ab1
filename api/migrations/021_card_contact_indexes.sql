-- docs/decisions/051-welcome-message-and-customer-lookup.md: the customer's page finds a contact's
-- cards in every shop by e-mail or by phone (api/src/customer/repository.ts). These indexes hold exactly the
-- expressions that lookup compares, so it reads a few index entries instead of every card. Expressions rather
-- than the plain columns: a card's e-mail has no lower-case rule in the schema (rows written before the
-- writers normalised it keep their case) and a phone that is not a valid number is kept as written
-- (migration 011), so the lookup keeps its normalising comparison and the index serves it as it is.
-- Both expressions are immutable (lower, btrim, regexp_replace); NULL contacts are indexed as NULL and never
-- match. If either expression changes in the repository, it must change here too (the test
-- api/test/customer-lookup-index.test.ts reads the plans).
CREATE INDEX loyalty_cards_contact_email_idx ON loyalty_cards (lower(btrim(email)));
CREATE INDEX loyalty_cards_contact_phone_idx ON loyalty_cards (regexp_replace(customer_phone, '[\s().-]', '', 'g'));

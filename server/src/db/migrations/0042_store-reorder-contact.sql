-- Who orders for a store (issue 33, docs/decisions/110-parts-ledger.md): told when a part falls under its minimum.
-- Nobody named means the parts managers of the store's plant; a person removed leaves the store naming nobody.
ALTER TABLE "stores" ADD COLUMN "reorder_contact_user_id" integer REFERENCES "users"("id") ON DELETE set null;

-- btree_gin lets a GIN index lead with the tenant (cid) before a trigram column, so a list search
-- reads only its customer's matches (docs/decisions/011-list-performance.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;

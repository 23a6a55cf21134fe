-- Adding a publication to its terminals' publication_ids, a status or a settings write: mostly HOT updates
-- from now on. The GIN index on publication_ids made every such write insert into all eight indexes of
-- the table (a publication to 10,000 screens spent about 380 ms there); a publication's holders are found
-- through publication_targets' primary key instead. Pages filled to 70 % keep room for new row versions
-- on the same page. Pages written before keep their fill until they are rewritten (VACUUM FULL
-- terminals, optional: docs/deploy.md).
DROP INDEX "terminals_publications_idx";--> statement-breakpoint
ALTER TABLE "terminals" SET (fillfactor = 70);

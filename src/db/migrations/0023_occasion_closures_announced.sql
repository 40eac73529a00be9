-- An occasion's closed sittings show on its page, which servers now keep finished in memory (issue 34): every
-- change to them is announced like the other tables the public pages read (migration 0012).
CREATE TRIGGER occasion_closures_changed AFTER INSERT OR UPDATE OR DELETE ON occasion_closures FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER occasion_closures_emptied AFTER TRUNCATE ON occasion_closures FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();

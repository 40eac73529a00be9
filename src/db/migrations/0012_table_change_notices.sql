-- Every change to what the public pages read tells each listening server process on commit (channel
-- table_changes, payload the table's name), so their in-memory answers stay correct to the booking. Row
-- triggers, so a statement that changes no row (a reminder pass with nothing due) announces nothing;
-- PostgreSQL sends one notification per transaction for the same table however many rows change.
CREATE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bookings_changed AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER bookings_emptied AFTER TRUNCATE ON bookings FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER closures_changed AFTER INSERT OR UPDATE OR DELETE ON closures FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER closures_emptied AFTER TRUNCATE ON closures FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER events_changed AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER events_emptied AFTER TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_bookings_changed AFTER INSERT OR UPDATE OR DELETE ON christmas_bookings FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_bookings_emptied AFTER TRUNCATE ON christmas_bookings FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_reservations_changed AFTER INSERT OR UPDATE OR DELETE ON christmas_reservations FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_reservations_emptied AFTER TRUNCATE ON christmas_reservations FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_closures_changed AFTER INSERT OR UPDATE OR DELETE ON christmas_closures FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER christmas_closures_emptied AFTER TRUNCATE ON christmas_closures FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER content_versions_changed AFTER INSERT OR UPDATE OR DELETE ON content_versions FOR EACH ROW EXECUTE FUNCTION notify_table_change();--> statement-breakpoint
CREATE TRIGGER content_versions_emptied AFTER TRUNCATE ON content_versions FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();

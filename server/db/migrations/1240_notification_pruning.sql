-- Pruning the notifications outbox (server/modules/notifications/pruneNotifications.ts): the
-- indexes its bounded deletes and their cascades walk, so none scans a large table.

-- Finished deliveries, oldest first: what is deleted once older than the history kept.
create index notification_deliveries_done on notification_deliveries (done_at)
  where status <> 'pending';
-- A pruned notification's deliveries (the cascade of its delete).
create index notification_deliveries_by_notification on notification_deliveries (notification_id);
-- A pruned event's items (the cascade of its delete; the primary key leads with the user).
create index notification_items_by_event on notification_items (event_id);

-- Placeholder: filled in by the 0004_tickets feature work. SELECT 1 keeps the migrator happy.
SELECT 1;

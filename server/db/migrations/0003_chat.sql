-- Placeholder: filled in by the 0003_chat feature work. SELECT 1 keeps the migrator happy.
SELECT 1;

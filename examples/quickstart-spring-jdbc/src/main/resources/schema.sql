CREATE TABLE IF NOT EXISTS note (id uuid PRIMARY KEY, text varchar(255));

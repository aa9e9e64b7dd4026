-- The same statement on H2 and PostgreSQL: sno IDs in a UUID column (their UUID image).
CREATE TABLE IF NOT EXISTS ticket (
    id UUID PRIMARY KEY,
    title VARCHAR(200) NOT NULL
);

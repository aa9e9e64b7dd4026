CREATE TABLE IF NOT EXISTS note (
    id   uuid PRIMARY KEY,
    text varchar(200) NOT NULL
);

-- Spring Data JDBC's table (JPA's example_person is made by Hibernate): UUID columns on H2 and PostgreSQL.
drop table if exists note;
create table note (id uuid primary key, body varchar(200), author uuid);
drop table if exists receipt;
create table receipt (id uuid primary key, body varchar(200));

-- A longer SQL program, so that sqlite3's own code dominates the run time
-- (workload.sql finishes in under 0.1 s): bulk inserts through indexes,
-- sorting, grouping, joins, correlated subqueries, string functions,
-- window functions, JSON, updates and deletes, and an integrity check.
-- Results are ordered so that output is deterministic.
PRAGMA page_size = 4096;
CREATE TABLE acct(id INTEGER PRIMARY KEY, owner TEXT NOT NULL, region INTEGER, balance REAL, opened INTEGER);
CREATE TABLE txn(id INTEGER PRIMARY KEY, acct INTEGER NOT NULL, amount REAL, kind TEXT, day INTEGER);
CREATE INDEX txn_acct ON txn(acct, day);
CREATE INDEX acct_region ON acct(region, balance);
BEGIN;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 30000)
INSERT INTO acct SELECT n, printf('owner-%06d-%s', (n * 7919) % 1000003,
                                 substr('qwertyuiopasdfghjklzxcvbnm', (n * 11) % 26 + 1, 4)),
                       (n * 2654435761) % 211, round(((n * 48271) % 1000000) / 100.0, 2),
                       (n * 17) % 3650
  FROM seq;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 100000)
INSERT INTO txn SELECT n, (n * 40503) % 30000 + 1, round((((n * 69621) % 200001) - 100000) / 100.0, 2),
                       CASE (n * 13) % 4 WHEN 0 THEN 'dep' WHEN 1 THEN 'wd' WHEN 2 THEN 'fee' ELSE 'int' END,
                       (n * 7) % 3650
  FROM seq;
COMMIT;
SELECT count(*), round(sum(amount), 2), min(day), max(day) FROM txn;
SELECT kind, count(*), round(avg(amount), 4), round(sum(abs(amount)), 2) FROM txn GROUP BY kind ORDER BY kind;
SELECT a.region, count(DISTINCT a.id), round(sum(t.amount), 2)
  FROM acct a JOIN txn t ON t.acct = a.id
  WHERE a.region < 12 GROUP BY a.region ORDER BY a.region;
SELECT id, owner, balance FROM acct
  WHERE balance > (SELECT avg(balance) FROM acct b WHERE b.region = acct.region) * 1.9
  ORDER BY balance DESC, id LIMIT 10;
SELECT acct, count(*) AS n, round(sum(amount), 2) FROM txn GROUP BY acct ORDER BY n DESC, acct LIMIT 10;
SELECT substr(owner, 14), count(*), max(length(owner)), min(upper(owner)) FROM acct GROUP BY substr(owner, 14)
  ORDER BY 2 DESC, 1 LIMIT 8;
SELECT owner, replace(owner, 'owner', 'o'), instr(owner, '9'), hex(substr(owner, 7, 3)) FROM acct
  WHERE id % 5000 = 1 ORDER BY id;
SELECT day, round(total, 2), round(avg(total) OVER (ORDER BY day ROWS BETWEEN 6 PRECEDING AND CURRENT ROW), 2)
  FROM (SELECT day, sum(amount) AS total FROM txn GROUP BY day) WHERE day % 365 = 0 ORDER BY day;
SELECT region, id, rk FROM (
  SELECT region, id, rank() OVER (PARTITION BY region ORDER BY balance DESC, id) AS rk FROM acct)
  WHERE rk <= 2 AND region < 6 ORDER BY region, rk;
SELECT json_group_array(json_object('id', id, 'bal', balance)) FROM (SELECT id, balance FROM acct ORDER BY id LIMIT 4);
SELECT count(*) FROM txn t WHERE amount > 900 AND EXISTS (SELECT 1 FROM acct a WHERE a.id = t.acct AND a.region % 2 = 0);
BEGIN;
UPDATE acct SET balance = round(balance + (SELECT coalesce(sum(amount), 0) FROM txn WHERE txn.acct = acct.id AND day < 100), 2);
DELETE FROM txn WHERE kind = 'fee' AND day % 3 = 0;
COMMIT;
SELECT count(*), round(sum(balance), 2) FROM acct;
SELECT count(*), round(sum(amount), 2) FROM txn;
SELECT group_concat(owner, ';') FROM (SELECT owner FROM acct ORDER BY owner DESC LIMIT 3);
CREATE TABLE ranked AS SELECT acct, sum(amount) AS s FROM txn GROUP BY acct ORDER BY s;
SELECT count(*), round(min(s), 2), round(max(s), 2) FROM ranked;
PRAGMA integrity_check;

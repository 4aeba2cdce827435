-- rcc's SQL workload: exercises the b-tree, the VDBE, the query planner,
-- expressions, strings, aggregates, window functions, JSON and
-- transactions. Results are ordered so that output is deterministic.
PRAGMA page_size = 4096;
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT NOT NULL, grp INTEGER, price REAL, qty INTEGER);
CREATE TABLE tag(item_id INTEGER REFERENCES item(id), tag TEXT);
BEGIN;
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 20000)
INSERT INTO item(id, name, grp, price, qty)
  SELECT n, printf('item-%05d-%s', n, substr('abcdefghijklmnopqrstuvwxyz', (n * 7) % 26 + 1, 3)),
         (n * 2654435761) % 97, round(((n * 40503) % 100000) / 100.0, 2), (n * 31) % 50
  FROM seq;
INSERT INTO tag SELECT id, CASE id % 5 WHEN 0 THEN 'red' WHEN 1 THEN 'green' WHEN 2 THEN 'blue'
                                       WHEN 3 THEN 'red' ELSE 'violet' END FROM item WHERE id % 3 <> 0;
COMMIT;
CREATE INDEX item_grp ON item(grp, price);
CREATE INDEX tag_tag ON tag(tag, item_id);
SELECT count(*), sum(qty), round(avg(price), 4), min(name), max(name) FROM item;
SELECT grp, count(*), round(sum(price * qty), 2), max(qty) FROM item GROUP BY grp HAVING count(*) > 200 ORDER BY grp LIMIT 12;
SELECT t.tag, count(*), round(avg(i.price), 3) FROM tag t JOIN item i ON i.id = t.item_id GROUP BY t.tag ORDER BY t.tag;
SELECT id, name, price FROM item WHERE grp = 42 AND price BETWEEN 100 AND 300 ORDER BY price DESC, id LIMIT 8;
SELECT upper(substr(name, 12)), length(name), instr(name, '-0'), replace(name, 'item', 'x') FROM item WHERE id IN (1, 77, 4096, 19999) ORDER BY id;
SELECT id, qty, sum(qty) OVER (ORDER BY id ROWS BETWEEN 3 PRECEDING AND CURRENT ROW),
       rank() OVER (PARTITION BY qty % 4 ORDER BY price DESC, id)
  FROM item WHERE id <= 12 ORDER BY id;
SELECT json_object('id', id, 'name', name, 'tags', (SELECT json_group_array(tag) FROM tag WHERE item_id = item.id))
  FROM item WHERE id BETWEEN 10 AND 14 ORDER BY id;
SELECT json_extract('{"a":[1,2,{"b":"deep"}],"c":3.5}', '$.a[2].b'), json_array_length('[1,2,3,4]');
UPDATE item SET price = price * 1.1, qty = qty + 1 WHERE grp % 10 = 3;
DELETE FROM tag WHERE tag = 'violet' AND item_id % 7 = 0;
SELECT count(*), round(sum(price), 2) FROM item WHERE grp % 10 = 3;
SELECT tag, count(*) FROM tag GROUP BY tag ORDER BY 2 DESC, 1;
WITH RECURSIVE fib(a, b, n) AS (SELECT 0, 1, 0 UNION ALL SELECT b, a + b, n + 1 FROM fib WHERE n < 80)
  SELECT n, a FROM fib WHERE n % 10 = 0 ORDER BY n;
SELECT hex(zeroblob(4)), quote('it''s'), typeof(1), typeof(1.5), typeof('x'), typeof(NULL), 7 / 2, 7 % 3, 1 << 40, -9223372036854775807 - 1;
SELECT printf('%.3f|%10d|%-6s|%x|%e', 3.14159265, 42, 'ab', 255, 12345.678);
SELECT group_concat(name, ',') FROM (SELECT name FROM item ORDER BY price, id LIMIT 5);
SELECT a.grp, count(DISTINCT b.qty) FROM item a JOIN item b ON a.grp = b.grp AND b.id < 500 WHERE a.id < 300 GROUP BY a.grp ORDER BY a.grp LIMIT 6;
CREATE VIEW cheap AS SELECT id, name FROM item WHERE price < 5;
SELECT count(*), min(id), max(id) FROM cheap;
CREATE TRIGGER keep_log AFTER DELETE ON item BEGIN INSERT INTO tag VALUES (old.id, 'deleted'); END;
DELETE FROM item WHERE id % 1000 = 0;
SELECT count(*) FROM tag WHERE tag = 'deleted';
SELECT count(*) FROM item;
PRAGMA integrity_check;

/* rcc's sqlite3 workload driver: runs the SQL in a file against an
 * in-memory database and prints every result row as `a|b|c`, then the
 * number of statements and rows. Output is deterministic.
 *   sqlite_driver workload.sql                                        */
#include <stdio.h>
#include <stdlib.h>
#include "sqlite3.h"

static long rows;

static int print_row(void *unused, int n, char **vals, char **cols) {
  (void)unused;
  (void)cols;
  for (int i = 0; i < n; i++)
    printf("%s%s", i ? "|" : "", vals[i] ? vals[i] : "NULL");
  putchar('\n');
  rows++;
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s file.sql\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *sql = malloc((size_t)len + 1);
  if (!sql || fread(sql, 1, (size_t)len, f) != (size_t)len) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  sql[len] = 0;
  fclose(f);
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    fprintf(stderr, "cannot open database\n");
    return 1;
  }
  char *err = NULL;
  int rc = sqlite3_exec(db, sql, print_row, NULL, &err);
  if (rc != SQLITE_OK) {
    printf("error: %s\n", err ? err : "?");
    sqlite3_free(err);
  }
  printf("rows printed: %ld, total changes: %d\n", rows, sqlite3_total_changes(db));
  sqlite3_close(db);
  free(sql);
  return rc == SQLITE_OK ? 0 : 1;
}

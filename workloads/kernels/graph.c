/* Graph search: Dijkstra with a binary heap over a random sparse graph in
   compressed-row form, and breadth-first search for connected components. */
#include "common.h"

typedef struct {
  uint64_t dist;
  int32_t node;
} HeapItem;

static HeapItem *heap;
static long hn;

static void push(uint64_t d, int32_t v) {
  long i = hn++;
  while (i > 0) {
    long p = (i - 1) / 2;
    if (heap[p].dist <= d) break;
    heap[i] = heap[p];
    i = p;
  }
  heap[i].dist = d;
  heap[i].node = v;
}

static HeapItem pop(void) {
  HeapItem top = heap[0], last = heap[--hn];
  long i = 0;
  for (;;) {
    long c = 2 * i + 1;
    if (c >= hn) break;
    if (c + 1 < hn && heap[c + 1].dist < heap[c].dist) c++;
    if (heap[c].dist >= last.dist) break;
    heap[i] = heap[c];
    i = c;
  }
  if (hn) heap[i] = last;
  return top;
}

int main(int argc, char **argv) {
  int s = scale_arg(argc, argv);
  int32_t n = 100000;
  long m = 600000;
  int32_t *deg = calloc(n + 1, 4), *src = malloc(m * 4), *dst = malloc(m * 4);
  uint32_t *w = malloc(m * 4), *adj = malloc(m * 4), *aw = malloc(m * 4);
  rng_seed(17);
  for (long e = 0; e < m; e++) {
    src[e] = (int32_t)(rng_next() % n);
    dst[e] = (int32_t)(rng_next() % n);
    w[e] = 1 + (uint32_t)(rng_next() % 1000);
    deg[src[e] + 1]++;
  }
  for (int32_t v = 0; v < n; v++) deg[v + 1] += deg[v];
  int32_t *fill = malloc((size_t)n * 4);
  memcpy(fill, deg, (size_t)n * 4);
  for (long e = 0; e < m; e++) {
    int32_t k = fill[src[e]]++;
    adj[k] = (uint32_t)dst[e];
    aw[k] = w[e];
  }
  uint64_t *dist = malloc((size_t)n * 8);
  heap = malloc((m + n) * sizeof *heap);
  for (int r = 0; r < 2 * s; r++) {
    for (int32_t v = 0; v < n; v++) dist[v] = UINT64_MAX;
    int32_t root = (int32_t)((r * 7919) % n);
    dist[root] = 0;
    hn = 0;
    push(0, root);
    while (hn) {
      HeapItem it = pop();
      if (it.dist != dist[it.node]) continue;
      for (int32_t k = deg[it.node]; k < deg[it.node + 1]; k++) {
        uint64_t nd = it.dist + aw[k];
        if (nd < dist[adj[k]]) {
          dist[adj[k]] = nd;
          push(nd, (int32_t)adj[k]);
        }
      }
    }
    uint64_t sum = 0, reach = 0;
    for (int32_t v = 0; v < n; v++)
      if (dist[v] != UINT64_MAX) { sum += dist[v]; reach++; }
    /* BFS levels from the same root */
    int32_t *q = fill;
    int32_t *lvl = (int32_t *)dist; /* reuse: dist no longer needed */
    for (int32_t v = 0; v < n; v++) lvl[v] = -1;
    long qh = 0, qt = 0;
    q[qt++] = root;
    lvl[root] = 0;
    int64_t lsum = 0;
    while (qh < qt) {
      int32_t v = q[qh++];
      lsum += lvl[v];
      for (int32_t k = deg[v]; k < deg[v + 1]; k++)
        if (lvl[adj[k]] < 0) { lvl[adj[k]] = lvl[v] + 1; q[qt++] = (int32_t)adj[k]; }
    }
    printf("root %d reach %llu dist %llu bfs %ld levels %lld\n", root, (unsigned long long)reach,
           (unsigned long long)sum, qt, (long long)lsum);
  }
  return 0;
}

/*
 * HoughLinesP (compute/hog.h): ovxc_hough_lines_p, which draws the random
 * order ahead of the voting and prefetches, against a plain model written
 * here: the same progressive probabilistic transform one pixel at a time
 * (draw, skip if removed, vote all angles, walk both ways, remove, take the
 * votes back for kept segments) with the library's documented choices
 * (kernels/hog.c).  Every segment, the count, the image left and the
 * accumulator left must match, on random edge maps of several densities
 * (sparse, dense, with drawn lines), sizes from 1x1 up with odd widths,
 * valid rectangles inside the image, angle ranges and steps, rho steps,
 * thresholds, lengths and gaps, capacities below the count, and distances
 * beyond the rounding trick's range (its lrintf path).
 */
#include "../../csrc/compute/hog.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIMD_TEST_SEED 424242u
#include "simd_test.h"

/* ---- the model -------------------------------------------------------------- */

typedef struct {
    const vx_float32 *tab;
    vx_int32 *acc;
    vx_uint8 *mask;
    vx_uint32 w, h, na, nr, rx0, ry0, rx1, ry1;
    vx_int32 threshold, line_length, line_gap;
    int magic;
} model;

static vx_int32 m_rho(const model *m, vx_int32 x, vx_int32 y, vx_uint32 n)
{
    vx_float32 v = (vx_float32)x * m->tab[n] + (vx_float32)y * m->tab[m->na + n];
    vx_int32 half = (vx_int32)((m->nr - 1) / 2);
    if (m->magic) return (vx_int32)((v + 12582912.0f) - 12582912.0f) + half;
    return (vx_int32)lrintf(v) + half;
}

static vx_int32 m_vote(model *m, vx_int32 x, vx_int32 y, vx_int32 d, vx_uint32 *best)
{
    vx_int32 top = -1;
    vx_uint32 n;
    for (n = 0; n < m->na; n++) {
        vx_int32 r = m_rho(m, x, y, n), *cell;
        if (r < 0 || (vx_uint32)r >= m->nr) continue;
        cell = &m->acc[(size_t)n * m->nr + (vx_uint32)r];
        *cell += d;
        if (*cell > top) top = *cell, *best = n;
    }
    return top;
}

static void m_walk(model *m, vx_int32 x0, vx_int32 y0, vx_uint32 n, int dir, int clear, vx_int32 *ex, vx_int32 *ey)
{
    vx_float32 c = m->tab[n], s = m->tab[m->na + n], dx = -s, dy = c;
    int64_t fx = ((int64_t)x0 << 16) + (1 << 15), fy = ((int64_t)y0 << 16) + (1 << 15), sx, sy;
    vx_int32 gap = 0;
    vx_uint32 dummy;
    if (fabsf(dx) > fabsf(dy)) {
        sx = dx > 0 ? 65536 : -65536;
        sy = (int64_t)lrintf(dy * 65536.0f / fabsf(dx));
    } else {
        sy = dy > 0 ? 65536 : -65536;
        sx = (int64_t)lrintf(dx * 65536.0f / fabsf(dy));
    }
    if (dir < 0) sx = -sx, sy = -sy;
    if (!clear) *ex = x0, *ey = y0;
    for (;;) {
        vx_int32 px = (vx_int32)(fx >> 16), py = (vx_int32)(fy >> 16);
        vx_uint8 *p;
        if (px < (vx_int32)m->rx0 || py < (vx_int32)m->ry0 || px >= (vx_int32)m->rx1 || py >= (vx_int32)m->ry1) break;
        p = &m->mask[(size_t)py * m->w + (vx_uint32)px];
        if (clear) {
            if (clear == 1 && *p) (void)m_vote(m, px, py, -1, &dummy);
            *p = 0;
            if (px == *ex && py == *ey) break;
        } else if (*p) {
            gap = 0;
            *ex = px, *ey = py;
        } else if (++gap > m->line_gap) {
            break;
        }
        fx += sx;
        fy += sy;
    }
}

static size_t m_run(model *m, uint64_t seed, ovxc_hough_segment *out, size_t max_out)
{
    size_t np = 0, count = 0;
    uint32_t *pts = malloc(((size_t)m->w * m->h + 1) * sizeof(*pts));
    vx_uint32 x, y;
    for (y = m->ry0; y < m->ry1; y++)
        for (x = m->rx0; x < m->rx1; x++)
            if (m->mask[(size_t)y * m->w + x]) pts[np++] = y * m->w + x;
    for (; np > 0; np--) {
        size_t j;
        uint32_t pt;
        vx_int32 px, py, ex[2], ey[2], ddx, ddy, good;
        vx_uint32 best = 0;
        seed = (uint64_t)(uint32_t)seed * 4164903690u + (uint32_t)(seed >> 32);
        j = (uint32_t)seed % np;
        pt = pts[j];
        pts[j] = pts[np - 1];
        px = (vx_int32)(pt % m->w), py = (vx_int32)(pt / m->w);
        if (!m->mask[pt]) continue;
        if (m_vote(m, px, py, 1, &best) < m->threshold) continue;
        m_walk(m, px, py, best, 1, 0, &ex[0], &ey[0]);
        m_walk(m, px, py, best, -1, 0, &ex[1], &ey[1]);
        ddx = abs(ex[1] - ex[0]), ddy = abs(ey[1] - ey[0]);
        good = (ddx > ddy ? ddx : ddy) >= m->line_length;
        m_walk(m, px, py, best, 1, good ? 1 : 2, &ex[0], &ey[0]);
        m_walk(m, px, py, best, -1, good ? 1 : 2, &ex[1], &ey[1]);
        if (!good) continue;
        if (count < max_out) {
            int swap = ex[1] < ex[0] || (ex[1] == ex[0] && ey[1] < ey[0]);
            out[count].x0 = ex[swap], out[count].y0 = ey[swap], out[count].x1 = ex[!swap], out[count].y1 = ey[!swap];
        }
        count++;
    }
    free(pts);
    return count;
}

/* ---- two threads (ovxc_hough_team_run) ---------------------------------------- */

typedef struct {
    ovxc_hough_p *h;
    vx_uint32 role;
    unsigned delay_us; /* the thread starts this late */
} team_arg;

static void *team_thread(void *arg)
{
    team_arg *a = arg;
    if (a->delay_us) usleep(a->delay_us);
    ovxc_hough_team_run(a->h, a->role);
    return NULL;
}

/* The team's run on a copy of map: both roles at once (how 0), the
 * partner late (1: a few hundred microseconds, mid-run on the larger
 * cases), the partner only after the lead returned (2: the lead alone), the
 * partner first (3), both at once with the partner let go after a few posts
 * (4: as when its core is taken by other work), both at once with the
 * angles moving between the threads every 1 to 4 epochs (5: as ht_balance
 * moves them when one thread waits more than the other), the same with the
 * partner late and let go after a few posts (6).  The segments, the count, the image and the
 * accumulator left must be those of the model. */
static int team_case(const ovxc_hough_p *base, const vx_uint8 *map0, vx_uint32 w, vx_uint32 h, unsigned how,
                     const ovxc_hough_segment *want, size_t nw, size_t cap, const vx_uint8 *mask_want,
                     const vx_int32 *acc_want)
{
    ovxc_hough_p hp = *base;
    vx_size na = base->num_angle, nr = base->num_rho, k, bad = 0;
    vx_uint8 *map = malloc((size_t)w * h + 1);
    vx_uint32 *pts2 = malloc(((size_t)w * h + 1) * sizeof(*pts2)), *list;
    vx_int32 *acc = malloc(na * nr * sizeof(*acc)), *rbuf2 = malloc(na * sizeof(*rbuf2));
    unsigned char *team_mem = malloc(ovxc_hough_team_bytes() + 64); /* the team's state 64-byte aligned */
    void *team = team_mem + (64 - (uintptr_t)team_mem % 64) % 64;
    ovxc_hough_segment *got = malloc(((size_t)w * h + 1) * sizeof(*got));
    pthread_t th[2];
    team_arg ta[2];
    int r, ok;
    memcpy(map, map0, (size_t)w * h + 1);
    for (k = 0; k < na * nr; k++) acc[k] = 777;
    hp.mask = map, hp.acc = acc, hp.points2 = pts2, hp.rbuf2 = rbuf2, hp.team = team, hp.out = got;
    hp.max_out = cap, hp.split = (vx_uint32)(na / 2 + (how & 1));
    if (hp.split >= na) hp.split = (vx_uint32)na - 1;
    list = malloc(3 * ovxc_hough_list_room(&hp) * sizeof(*list));
    hp.list = list;
    hp.rec2 = list + 2 * ovxc_hough_list_room(&hp);
    ovxc_hough_team_begin(&hp);
    for (r = 0; r < 2; r++) ta[r].h = &hp, ta[r].role = (vx_uint32)r, ta[r].delay_us = 0;
    if (how == 1) ta[1].delay_us = 300;
    if (how == 4 || how == 6) hp.leave_at = 2 + (vx_uint64)(w * 7 % 40); /* the partner let go after a few posts */
    if (how >= 5) hp.move_every = 1 + w % 4;
    if (how == 6) ta[1].delay_us = 100;
    if (how == 3) ta[0].delay_us = 200;
    if (how == 2) {
        ovxc_hough_team_run(&hp, 0);
        ovxc_hough_team_run(&hp, 1);
    } else {
        for (r = 0; r < 2; r++) pthread_create(&th[r], NULL, team_thread, &ta[r]);
        for (r = 0; r < 2; r++) pthread_join(th[r], NULL);
    }
    {
        const vx_int16 *a16 = (const vx_int16 *)(const void *)acc;
        for (k = 0; k < na * nr; k++) bad += acc_want[k] != (hp.acc16 ? (vx_int32)a16[k] : acc[k]);
    }
    ok = !bad && hp.count == nw && memcmp(want, got, (nw < cap ? nw : cap) * sizeof(*got)) == 0 &&
         memcmp(map, mask_want, (size_t)w * h) == 0;
    if (!ok)
        printf("FAIL hough team (how %u, split %u of %zu): %zu lines, want %zu; %zu cells differ\n", how, hp.split, na,
               hp.count, nw, bad);
    free(map), free(pts2), free(list), free(acc), free(rbuf2), free(team_mem), free(got);
    return ok;
}

/* With OVX_SIMD_TEST_SAMPLE=k in the environment the two-thread runs take
 * every k-th case (the ThreadSanitizer build, .ci/tsan.sh: every way the
 * partner can come still runs on every case size; the native runs do all). */
static unsigned sample_step(void)
{
    const char *e = getenv("OVX_SIMD_TEST_SAMPLE");
    long k = e && *e ? strtol(e, NULL, 10) : 1;
    return k >= 1 && k <= 255 ? (unsigned)k : 1;
}

/* ---- the cases ---------------------------------------------------------------- */

int main(void)
{
    static const vx_uint32 sizes[][2] = {{1, 1}, {2, 3}, {7, 5}, {31, 17}, {64, 64}, {101, 77}, {160, 120}, {257, 9}};
    unsigned passed = 0, failed = 0, ci;
    size_t lines = 0;
    unsigned cells16 = 0, cells32 = 0, team_passed = 0, step = sample_step();
    /* cases 96-99: more than 32767 edge pixels, so the routine's choice of
     * 16-bit cells rests on the strip bound (rho 1, 2.5: 16 bits) or cannot
     * be made (rho 100: 32 bits); every other case has 16-bit cells */
    for (ci = 0; ci < 100; ci++) {
        vx_uint32 w = ci < 96 ? sizes[ci % 8][0] : 320, h = ci < 96 ? sizes[ci % 8][1] : 240, na, nr, n, i;
        int density = ci < 96 ? (int)(ci / 8) % 4 : 0; /* 1 in 2, 8, 40 pixels; or drawn lines on 1 in 200 */
        double theta = ci % 3 == 0 ? 3.14159265 / 180 : (ci % 3 == 1 ? 0.05 : 0.013);
        double tmin = ci % 5 == 0 ? 0.3 : 0.0, tmax = ci % 7 == 0 ? 1.9 : 3.14159265;
        double rho = ci >= 96 ? (ci % 2 ? 100.0 : (ci == 96 ? 1.0 : 2.5))
                              : ci % 4 == 0 ? 1.0 : (ci % 4 == 1 ? 2.5 : (ci % 4 == 2 ? 0.75 : 1.0));
        int big = ci % 11 == 5; /* rho 1e-6: distances past the magic rounding's range */
        vx_uint32 rx0 = ci % 3 == 2 && w > 4 ? w / 5 : 0, ry0 = ci % 3 == 2 && h > 4 ? h / 6 : 0;
        vx_uint32 rx1 = ci % 3 == 2 && w > 4 ? w - w / 7 : w, ry1 = ci % 3 == 2 && h > 4 ? h - h / 9 : h;
        vx_uint8 *map = calloc((size_t)w * h + 1, 1), *mask1 = malloc((size_t)w * h + 1), *map0;
        vx_float32 *tab;
        vx_int32 *acc1, *acc2, *rbuf;
        vx_uint32 *points, *rec;
        ovxc_hough_segment *want, *got;
        size_t cap, nw, ng;
        ovxc_hough_p hp;
        model md;
        if (big) rho = 1e-6;
        na = (vx_uint32)floor((tmax - tmin) / theta + 0.5);
        nr = (vx_uint32)floor(((double)(w + h) * 2 + 1) / rho + 0.5);
        if (na < 1) na = 1;
        if (nr < 1) nr = 1;
        if ((double)na * nr > 2e7) nr = (vx_uint32)(2e7 / na); /* keep the accumulator small (cells past it: no vote) */
        for (i = 0; i < w * h; i++) {
            unsigned r = rnd();
            map[i] = density == 0 ? (r % 2 == 0) : density == 1 ? (r % 8 == 0) : density == 2 ? (r % 40 == 0)
                                                                                           : (r % 200 == 0);
        }
        if (density == 3) /* lines: a few long runs in random directions */
            for (n = 0; n < 6; n++) {
                double a = (double)(rnd() % 1000) / 1000.0 * 3.14159265, cx = rnd() % w, cy = rnd() % h;
                int t;
                for (t = -(int)(w + h); t <= (int)(w + h); t++) {
                    long x = lrint(cx + t * cos(a)), y = lrint(cy + t * sin(a));
                    if (x >= 0 && y >= 0 && x < (long)w && y < (long)h && rnd() % 10) map[(size_t)y * w + x] = 1;
                }
            }
        tab = malloc(2 * na * sizeof(*tab));
        for (n = 0; n < na; n++) {
            double a = tmin + n * theta;
            tab[n] = (vx_float32)(cos(a) / rho);
            tab[na + n] = (vx_float32)(sin(a) / rho);
        }
        acc1 = calloc((size_t)na * nr, sizeof(*acc1));
        acc2 = malloc((size_t)na * nr * sizeof(*acc2));
        for (i = 0; i < (vx_uint32)((size_t)na * nr); i++) acc2[i] = 12345; /* the routine zeroes it */
        rbuf = malloc((size_t)(OVXC_HOUGH_AHEAD + 1) * na * sizeof(*rbuf));
        points = malloc(((size_t)w * h + 1) * sizeof(*points));
        cap = ci % 4 == 3 ? 2 : (size_t)w * h + 1;
        want = malloc(((size_t)w * h + 1) * sizeof(*want));
        got = malloc(((size_t)w * h + 1) * sizeof(*got));
        memcpy(mask1, map, (size_t)w * h + 1);
        map0 = malloc((size_t)w * h + 1);
        memcpy(map0, map, (size_t)w * h + 1);

        memset(&md, 0, sizeof(md));
        md.tab = tab, md.acc = acc1, md.mask = mask1, md.w = w, md.h = h, md.na = na, md.nr = nr;
        md.rx0 = rx0, md.ry0 = ry0, md.rx1 = rx1, md.ry1 = ry1;
        md.threshold = 1 + (int)(ci % 4) * (density == 3 ? 6 : 2);
        md.line_length = (int)(ci % 5) * 3;
        md.line_gap = (int)(ci % 4);
        {
            vx_float32 bound = 0;
            for (n = 0; n < na; n++) {
                vx_float32 v = fabsf(tab[n]) * (vx_float32)w + fabsf(tab[na + n]) * (vx_float32)h;
                bound = v > bound ? v : bound;
            }
            md.magic = bound < 4000000.0f;
        }
        nw = m_run(&md, ~(uint64_t)0, want, cap);

        memset(&hp, 0, sizeof(hp));
        hp.mask = map, hp.width = w, hp.height = h, hp.rx0 = rx0, hp.ry0 = ry0, hp.rx1 = rx1, hp.ry1 = ry1;
        hp.acc = acc2, hp.tab = tab, hp.rbuf = rbuf, hp.num_angle = na, hp.num_rho = nr, hp.points = points;
        hp.rec = rec = malloc(ovxc_hough_list_room(&hp) * sizeof(*rec));
        hp.threshold = md.threshold, hp.line_length = md.line_length, hp.line_gap = md.line_gap;
        hp.seed = ~(vx_uint64)0;
        ng = ovxc_hough_lines_p(&hp, got, cap);
        { /* the accumulator left, in the cell width the routine chose */
            const vx_int16 *a16 = (const vx_int16 *)(const void *)acc2;
            size_t k, bad = 0;
            for (k = 0; k < (size_t)na * nr; k++) bad += acc1[k] != (hp.acc16 ? (vx_int32)a16[k] : acc2[k]);
            if (hp.acc16 != (ci < 96 || ci % 2 == 0)) {
                printf("FAIL hough case %u: %d-bit cells\n", ci, hp.acc16 ? 16 : 32);
                failed++;
            }
            hp.acc16 ? cells16++ : cells32++;
            if (bad) ng = ~(size_t)0;
        }
        if (ng != nw || memcmp(want, got, (nw < cap ? nw : cap) * sizeof(*got)) != 0 ||
            memcmp(map, mask1, (size_t)w * h) != 0) {
            printf("FAIL hough case %u (%ux%u, density %d, %u angles, %u distances, magic %d): %zu lines, want %zu\n",
                   ci, w, h, density, na, nr, md.magic, ng, nw);
            failed++;
        } else {
            passed++;
        }
        if (na >= 2 && ci % step == 0) { /* two threads: every way the partner can come */
            unsigned how;
            for (how = 0; how < 7; how++) {
                if (team_case(&hp, map0, w, h, how, want, nw, cap, mask1, acc1))
                    team_passed++;
                else
                    failed++;
            }
        }
        free(map0);
        lines += nw;
        free(map), free(mask1), free(tab), free(acc1), free(acc2), free(rbuf), free(points), free(want), free(got);
        free(rec);
    }
    /* HOGCells' bin table: every entry equal to ovxc_hog_bin's, built in
     * two bands; the cells from it equal to the reference's on random
     * planes (odd sizes, cells of 1x1 to 9x7, 1 to 256 bins) */
    {
        static const vx_uint32 nbs[] = {1, 4, 9, 18, 256};
        vx_uint8 *tab = malloc((size_t)OVXC_HOG_GSPAN * OVXC_HOG_GSPAN);
        for (unsigned k = 0; k < 5; k++) {
            size_t bad = 0;
            ovxc_hog_bin_table_rows(nbs[k], tab, 0, 200);
            ovxc_hog_bin_table_rows(nbs[k], tab, 200, OVXC_HOG_GSPAN);
            for (vx_int32 gh = -255; gh <= 255; gh++)
                for (vx_int32 gv = -255; gv <= 255; gv++)
                    bad += tab[(size_t)(gh + 255) * OVXC_HOG_GSPAN + (size_t)(gv + 255)] != ovxc_hog_bin(gh, gv, nbs[k]);
            for (unsigned it = 0; it < 12; it++) {
                const vx_uint32 w = 1 + rnd() % 90, h = 1 + rnd() % 40, cw = 1 + rnd() % 9, ch = 1 + rnd() % 7;
                const vx_uint32 cx = w / cw, cy = h / ch, st = w + rnd() % 5;
                vx_uint8 *img = malloc((size_t)st * h);
                vx_int32 *m1 = malloc((cx + 1) * sizeof(vx_int32)), *m2 = malloc((cx + 1) * sizeof(vx_int32));
                vx_int32 *h1 = malloc(((size_t)cx * nbs[k] + 1) * sizeof(vx_int32)), *h2 = malloc(((size_t)cx * nbs[k] + 1) * sizeof(vx_int32));
                for (size_t i = 0; i < (size_t)st * h; i++) img[i] = (vx_uint8)(it % 3 == 2 ? 255 * (rnd() & 1) : rnd());
                for (vx_uint32 r = 0; r < cy; r++) {
                    ovxc_hog_cell_row(img, (vx_int32)st, w, h, cw, ch, nbs[k], r, cx, m1, h1);
                    ovxc_hog_cell_row_tab(img, (vx_int32)st, w, h, cw, ch, nbs[k], r, cx, m2, h2, tab);
                    bad += memcmp(m1, m2, cx * sizeof(vx_int32)) != 0 ||
                           memcmp(h1, h2, (size_t)cx * nbs[k] * sizeof(vx_int32)) != 0;
                }
                free(img), free(m1), free(m2), free(h1), free(h2);
            }
            if (bad) {
                printf("FAIL hog bin table / cells, %u bins: %zu differ\n", nbs[k], bad);
                failed++;
            } else {
                passed++;
            }
        }
        free(tab);
    }
    printf("simd-hough: %u passed, %u failed (%zu lines in all; %u cases with 16-bit cells, %u with 32; "
           "%u two-thread runs passed)\n",
           passed, failed, lines, cells16, cells32, team_passed);
    if (team_passed < 400 / step) { /* the two-thread runs must run on most (sampled) cases */
        printf("FAIL hough: only %u two-thread runs\n", team_passed);
        failed++;
    }
    if (lines < 1000) { /* the cases must find lines, or they test little */
        printf("FAIL hough: only %zu lines found over the cases\n", lines);
        failed++;
    }
    return failed ? 1 : 0;
}

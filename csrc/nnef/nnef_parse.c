/*
 * NNEF flat text parser and binary tensor file reader (nnef/nnef.h).
 * Every error names the file and line; nothing here trusts its input.
 */
/* Error messages are cut at NNEF_ERR_LEN on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "nnef.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { T_EOF, T_ID, T_NUM, T_STR, T_PUNCT, T_ARROW };

typedef struct {
    const char *s, *end, *file;
    int line;
    /* current token */
    int kind;
    const char *tok;
    size_t toklen;
    int is_real;
    int tline;
    char *err;
    int failed;
} lexer;

static void fail(lexer *L, const char *what)
{
    if (L->failed) return;
    L->failed = 1;
    snprintf(L->err, NNEF_ERR_LEN, "%s:%d: %s", L->file, L->tline, what);
}

static void next(lexer *L)
{
    const char *p = L->s;
    for (;;) {
        while (p < L->end && isspace((unsigned char)*p)) {
            if (*p == '\n') L->line++;
            p++;
        }
        if (p < L->end && *p == '#') {
            while (p < L->end && *p != '\n') p++;
            continue;
        }
        break;
    }
    L->tline = L->line;
    L->tok = p;
    L->is_real = 0;
    if (p >= L->end) {
        L->kind = T_EOF;
        L->toklen = 0;
    } else if (isalpha((unsigned char)*p) || *p == '_') {
        while (p < L->end && (isalnum((unsigned char)*p) || *p == '_')) p++;
        L->kind = T_ID;
    } else if (isdigit((unsigned char)*p) || ((*p == '-' || *p == '+' || *p == '.') && p + 1 < L->end &&
                                              (isdigit((unsigned char)p[1]) || p[1] == '.'))) {
        if (*p == '-' || *p == '+') p++;
        while (p < L->end && isdigit((unsigned char)*p)) p++;
        if (p < L->end && *p == '.') {
            L->is_real = 1;
            p++;
            while (p < L->end && isdigit((unsigned char)*p)) p++;
        }
        if (p < L->end && (*p == 'e' || *p == 'E')) {
            const char *q = p + 1;
            if (q < L->end && (*q == '-' || *q == '+')) q++;
            if (q < L->end && isdigit((unsigned char)*q)) {
                L->is_real = 1;
                p = q;
                while (p < L->end && isdigit((unsigned char)*p)) p++;
            }
        }
        L->kind = T_NUM;
    } else if (*p == '\'' || *p == '"') {
        char q = *p++;
        while (p < L->end && *p != q && *p != '\n') p++;
        if (p >= L->end || *p != q) {
            L->kind = T_EOF;
            L->s = p;
            fail(L, "unterminated string");
            return;
        }
        p++;
        L->kind = T_STR;
    } else if (*p == '-' && p + 1 < L->end && p[1] == '>') {
        p += 2;
        L->kind = T_ARROW;
    } else if (strchr("()[]{},;=<>:", *p)) {
        p++;
        L->kind = T_PUNCT;
    } else {
        L->kind = T_EOF;
        L->s = p;
        fail(L, "unexpected character");
        return;
    }
    L->toklen = (size_t)(p - L->tok);
    L->s = p;
}

static int is_punct(const lexer *L, char c)
{
    return L->kind == T_PUNCT && L->tok[0] == c;
}

static int is_word(const lexer *L, const char *w)
{
    return L->kind == T_ID && L->toklen == strlen(w) && memcmp(L->tok, w, L->toklen) == 0;
}

static int expect(lexer *L, char c)
{
    char msg[48];
    if (!is_punct(L, c)) {
        snprintf(msg, sizeof(msg), "expected '%c'", c);
        fail(L, msg);
        return 0;
    }
    next(L);
    return 1;
}

static char *tokdup(const lexer *L, size_t skip)
{
    size_t n = L->toklen - 2 * skip;
    char *s = malloc(n + 1);
    if (!s) return NULL;
    memcpy(s, L->tok + skip, n);
    s[n] = 0;
    return s;
}

static void value_free(nnef_value *v)
{
    size_t i;
    free(v->str);
    for (i = 0; i < v->count; i++) value_free(&v->items[i]);
    free(v->items);
    memset(v, 0, sizeof(*v));
}

static int parse_value(lexer *L, nnef_value *v, int depth);

static int parse_seq(lexer *L, nnef_value *v, char close, int depth)
{
    size_t cap = 0;
    next(L); /* the opening bracket */
    if (is_punct(L, close)) {
        next(L);
        return 1;
    }
    for (;;) {
        if (v->count == cap) {
            size_t ncap = cap ? cap * 2 : 4;
            nnef_value *ni = realloc(v->items, ncap * sizeof(*ni));
            if (!ni) {
                fail(L, "out of memory");
                return 0;
            }
            v->items = ni;
            cap = ncap;
        }
        memset(&v->items[v->count], 0, sizeof(nnef_value));
        v->count++;
        if (!parse_value(L, &v->items[v->count - 1], depth + 1)) return 0;
        if (is_punct(L, ',')) {
            next(L);
            continue;
        }
        return expect(L, close);
    }
}

static int parse_value(lexer *L, nnef_value *v, int depth)
{
    memset(v, 0, sizeof(*v));
    if (depth > 32) {
        fail(L, "values nested too deeply");
        return 0;
    }
    if (L->failed) return 0;
    if (L->kind == T_NUM) {
        char buf[64];
        if (L->toklen >= sizeof(buf)) {
            fail(L, "number too long");
            return 0;
        }
        memcpy(buf, L->tok, L->toklen);
        buf[L->toklen] = 0;
        v->kind = L->is_real ? NV_REAL : NV_INT;
        v->num = strtod(buf, NULL);
        next(L);
        return 1;
    }
    if (L->kind == T_STR) {
        v->kind = NV_STR;
        v->str = tokdup(L, 1);
        next(L);
        return v->str != NULL;
    }
    if (L->kind == T_ID) {
        if (is_word(L, "true") || is_word(L, "false")) {
            v->kind = NV_BOOL;
            v->num = is_word(L, "true");
        } else {
            v->kind = NV_ID;
            v->str = tokdup(L, 0);
            if (!v->str) return 0;
        }
        next(L);
        return 1;
    }
    if (is_punct(L, '[')) {
        v->kind = NV_LIST;
        return parse_seq(L, v, ']', depth);
    }
    if (is_punct(L, '(')) {
        v->kind = NV_TUPLE;
        return parse_seq(L, v, ')', depth);
    }
    fail(L, "expected a value");
    return 0;
}

static int id_list(lexer *L, char ***names, size_t *count)
{
    size_t cap = 0;
    if (!expect(L, '(')) return 0;
    while (!is_punct(L, ')')) {
        if (L->kind != T_ID) {
            fail(L, "expected an identifier");
            return 0;
        }
        if (*count == cap) {
            size_t ncap = cap ? cap * 2 : 4;
            char **nn = realloc(*names, ncap * sizeof(*nn));
            if (!nn) {
                fail(L, "out of memory");
                return 0;
            }
            *names = nn;
            cap = ncap;
        }
        (*names)[*count] = tokdup(L, 0);
        if (!(*names)[*count]) return 0;
        (*count)++;
        next(L);
        if (is_punct(L, ',')) next(L);
        else if (!is_punct(L, ')')) {
            fail(L, "expected ',' or ')'");
            return 0;
        }
    }
    next(L);
    return 1;
}

static int parse_invocation(lexer *L, nnef_invocation *inv)
{
    size_t cap = 0;
    inv->line = L->tline;
    if (!parse_value(L, &inv->lhs, 0)) return 0;
    if (!expect(L, '=')) return 0;
    if (L->kind != T_ID) {
        fail(L, "expected an operation name");
        return 0;
    }
    inv->op = tokdup(L, 0);
    if (!inv->op) return 0;
    next(L);
    if (is_punct(L, '<')) {
        next(L);
        if (L->kind != T_ID) {
            fail(L, "expected a type name");
            return 0;
        }
        inv->dtype = tokdup(L, 0);
        next(L);
        if (!expect(L, '>')) return 0;
    }
    if (!expect(L, '(')) return 0;
    while (!is_punct(L, ')')) {
        nnef_arg *a;
        if (L->failed) return 0;
        if (inv->nargs == cap) {
            size_t ncap = cap ? cap * 2 : 4;
            nnef_arg *na = realloc(inv->args, ncap * sizeof(*na));
            if (!na) {
                fail(L, "out of memory");
                return 0;
            }
            inv->args = na;
            cap = ncap;
        }
        a = &inv->args[inv->nargs++];
        memset(a, 0, sizeof(*a));
        if (L->kind == T_ID && !is_word(L, "true") && !is_word(L, "false")) {
            /* a named argument is an identifier followed by '=' */
            lexer save = *L;
            next(L);
            if (is_punct(L, '=')) {
                a->name = malloc(save.toklen + 1);
                if (!a->name) return 0;
                memcpy(a->name, save.tok, save.toklen);
                a->name[save.toklen] = 0;
                next(L);
            } else {
                *L = save;
            }
        }
        if (!parse_value(L, &a->value, 0)) return 0;
        if (is_punct(L, ',')) next(L);
        else if (!is_punct(L, ')')) {
            fail(L, "expected ',' or ')'");
            return 0;
        }
    }
    next(L);
    return expect(L, ';');
}

int nnef_parse_text(const char *text, size_t len, const char *file, nnef_doc *doc, char *err)
{
    lexer L;
    size_t cap = 0;
    memset(doc, 0, sizeof(*doc));
    memset(&L, 0, sizeof(L));
    L.s = text;
    L.end = text + len;
    L.file = file;
    L.line = 1;
    L.err = err;
    next(&L);
    if (!is_word(&L, "version")) {
        fail(&L, "expected 'version'");
        goto bad;
    }
    next(&L);
    if (L.kind != T_NUM) {
        fail(&L, "expected a version number");
        goto bad;
    }
    if (L.toklen < 2 || L.tok[0] != '1' || L.tok[1] != '.') {
        fail(&L, "unsupported NNEF version (1.x only)");
        goto bad;
    }
    next(&L);
    if (!expect(&L, ';')) goto bad;
    while (is_word(&L, "extension")) {
        while (L.kind != T_EOF && !is_punct(&L, ';')) next(&L);
        if (!expect(&L, ';')) goto bad;
    }
    if (is_word(&L, "fragment")) {
        fail(&L, "fragment definitions are not supported (flat graphs only)");
        goto bad;
    }
    if (!is_word(&L, "graph")) {
        fail(&L, "expected 'graph'");
        goto bad;
    }
    next(&L);
    if (L.kind != T_ID) {
        fail(&L, "expected the graph name");
        goto bad;
    }
    doc->name = tokdup(&L, 0);
    next(&L);
    if (!id_list(&L, &doc->inputs, &doc->ninputs)) goto bad;
    if (L.kind != T_ARROW) {
        fail(&L, "expected '->'");
        goto bad;
    }
    next(&L);
    if (!id_list(&L, &doc->outputs, &doc->noutputs)) goto bad;
    if (!expect(&L, '{')) goto bad;
    while (!is_punct(&L, '}')) {
        if (L.failed) goto bad;
        if (L.kind == T_EOF) {
            fail(&L, "missing '}'");
            goto bad;
        }
        if (doc->count == cap) {
            size_t ncap = cap ? cap * 2 : 16;
            nnef_invocation *no = realloc(doc->ops, ncap * sizeof(*no));
            if (!no) {
                fail(&L, "out of memory");
                goto bad;
            }
            doc->ops = no;
            cap = ncap;
        }
        memset(&doc->ops[doc->count], 0, sizeof(nnef_invocation));
        doc->count++;
        if (!parse_invocation(&L, &doc->ops[doc->count - 1])) {
            fail(&L, "invalid statement");
            goto bad;
        }
    }
    next(&L);
    if (L.kind != T_EOF) {
        fail(&L, "text after the graph body");
        goto bad;
    }
    if (L.failed) goto bad;
    return 0;
bad:
    nnef_doc_free(doc);
    return -1;
}

void nnef_doc_free(nnef_doc *doc)
{
    size_t i, j;
    for (i = 0; i < doc->count; i++) {
        nnef_invocation *inv = &doc->ops[i];
        free(inv->op);
        free(inv->dtype);
        value_free(&inv->lhs);
        for (j = 0; j < inv->nargs; j++) {
            free(inv->args[j].name);
            value_free(&inv->args[j].value);
        }
        free(inv->args);
    }
    free(doc->ops);
    for (i = 0; i < doc->ninputs; i++) free(doc->inputs[i]);
    for (i = 0; i < doc->noutputs; i++) free(doc->outputs[i]);
    free(doc->inputs);
    free(doc->outputs);
    free(doc->name);
    memset(doc, 0, sizeof(*doc));
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

int nnef_read_tensor(const char *path, int *rank, size_t *dims, float **data, char *err)
{
    unsigned char h[128];
    FILE *f = fopen(path, "rb");
    uint32_t len, r, bits, code, i;
    size_t count = 1, bytes;
    unsigned char *raw = NULL;
    float *out = NULL;
    *data = NULL;
    if (!f) {
        snprintf(err, NNEF_ERR_LEN, "%s: cannot open the tensor file", path);
        return -1;
    }
    if (fread(h, 1, sizeof(h), f) != sizeof(h) || h[0] != 0x4E || h[1] != 0xEF) {
        snprintf(err, NNEF_ERR_LEN, "%s: not an NNEF tensor file (128-byte header with magic 4E EF)", path);
        goto bad;
    }
    if (h[2] != 1) {
        snprintf(err, NNEF_ERR_LEN, "%s: tensor file version %u.%u is not supported", path, h[2], h[3]);
        goto bad;
    }
    len = rd32(h + 4);
    r = rd32(h + 8);
    bits = rd32(h + 44);
    code = rd32(h + 48);
    if (r > NNEF_MAX_RANK) {
        snprintf(err, NNEF_ERR_LEN, "%s: rank %u is above %d", path, r, NNEF_MAX_RANK);
        goto bad;
    }
    if (*rank >= 0 && (uint32_t)*rank != r) {
        snprintf(err, NNEF_ERR_LEN, "%s: rank %u, the graph declares %d", path, r, *rank);
        goto bad;
    }
    for (i = 0; i < r; i++) {
        size_t d = rd32(h + 12 + 4 * i);
        if (*rank >= 0 && dims[i] != d) {
            snprintf(err, NNEF_ERR_LEN, "%s: extent %zu in dimension %u, the graph declares %zu", path, d, i,
                     dims[i]);
            goto bad;
        }
        if (d == 0 || d > ((size_t)1 << 30) || count > ((size_t)1 << 30) / d) {
            snprintf(err, NNEF_ERR_LEN, "%s: extents too large or zero", path);
            goto bad;
        }
        dims[i] = d;
        count *= d;
    }
    if (!((code == 0 && bits == 32) || ((code == 1 || code == 4) && (bits == 32 || bits == 8)) ||
          (code == 5 && (bits == 8 || bits == 1)))) {
        snprintf(err, NNEF_ERR_LEN, "%s: item type %u with %u bits is not supported (float32, int32, int8, logical)",
                 path, code, bits);
        goto bad;
    }
    bytes = bits == 1 ? (count + 7) / 8 : count * (bits / 8);
    if (len != bytes) {
        snprintf(err, NNEF_ERR_LEN, "%s: data length %u does not match %zu items of %u bits", path, len, count, bits);
        goto bad;
    }
    raw = malloc(bytes ? bytes : 1);
    out = malloc(count * sizeof(float));
    if (!raw || !out) {
        snprintf(err, NNEF_ERR_LEN, "%s: out of memory", path);
        goto bad;
    }
    if (fread(raw, 1, bytes, f) != bytes) {
        snprintf(err, NNEF_ERR_LEN, "%s: the file ends before its %zu data bytes", path, bytes);
        goto bad;
    }
    for (i = 0; i < count; i++) {
        if (code == 0) {
            memcpy(&out[i], raw + 4 * (size_t)i, 4);
        } else if (bits == 32) {
            uint32_t u = rd32(raw + 4 * (size_t)i);
            out[i] = code == 4 ? (float)(int32_t)u : (float)u;
        } else if (bits == 8) {
            out[i] = code == 4 ? (float)(int8_t)raw[i] : (float)raw[i];
        } else {
            out[i] = (float)((raw[i / 8] >> (7 - i % 8)) & 1);
        }
    }
    free(raw);
    fclose(f);
    *rank = (int)r;
    *data = out;
    return 0;
bad:
    free(raw);
    free(out);
    fclose(f);
    return -1;
}

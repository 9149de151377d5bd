/* Read floor: the least any exporter must spend reading the store. One `SELECT *` per table,
 * every row stepped, every column fetched by its storage class (integers and reals as numbers,
 * text and blobs as bytes with their length), no output. A checksum of what was read keeps the
 * compiler from dropping the fetches.
 *
 *     read_floor STORE.sqlite TABLE…           (stderr: read rows=… values=… checksum=…)
 *
 * Opened read-only in one read transaction, as graphexport opens a store. */
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: read_floor STORE.sqlite TABLE...\n"); return 64; }
    sqlite3 *db;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "read_floor: %s: %s\n", argv[1], sqlite3_errmsg(db));
        return 1;
    }
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    uint64_t checksum = 0;
    long long rows = 0, values = 0;
    for (int t = 2; t < argc; t++) {
        char sql[512];
        snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", argv[t]);
        sqlite3_stmt *statement;
        if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
            fprintf(stderr, "read_floor: %s: %s\n", sql, sqlite3_errmsg(db));
            return 1;
        }
        int columns = sqlite3_column_count(statement);
        int rc;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
            rows++;
            for (int c = 0; c < columns; c++) {
                values++;
                switch (sqlite3_column_type(statement, c)) {
                case SQLITE_INTEGER: checksum += (uint64_t)sqlite3_column_int64(statement, c); break;
                case SQLITE_FLOAT: {
                    double d = sqlite3_column_double(statement, c);
                    uint64_t bits;
                    memcpy(&bits, &d, 8);
                    checksum ^= bits;
                    break;
                }
                case SQLITE_TEXT: {
                    const unsigned char *s = sqlite3_column_text(statement, c);
                    int n = sqlite3_column_bytes(statement, c);
                    checksum += (uint64_t)n + (n ? s[n - 1] : 0);
                    break;
                }
                case SQLITE_BLOB: {
                    const unsigned char *b = sqlite3_column_blob(statement, c);
                    int n = sqlite3_column_bytes(statement, c);
                    checksum += (uint64_t)n + (n ? b[n - 1] : 0);
                    break;
                }
                default: checksum += 1; break;
                }
            }
        }
        if (rc != SQLITE_DONE) {
            fprintf(stderr, "read_floor: %s: %s\n", sql, sqlite3_errmsg(db));
            return 1;
        }
        sqlite3_finalize(statement);
    }
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    sqlite3_close(db);
    fprintf(stderr, "read rows=%lld values=%lld checksum=%llu\n", rows, values,
            (unsigned long long)checksum);
    return 0;
}

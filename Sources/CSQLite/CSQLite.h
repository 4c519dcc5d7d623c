#ifndef APPRECEIPT_CSQLITE_H
#define APPRECEIPT_CSQLITE_H

/* SQLite 3, the system library: the audit's cross-batch signal index (ReceiptAudit/Index). */
#include <sqlite3.h>

/* Swift cannot import SQLITE_TRANSIENT (a cast of -1 to a function pointer): bound bytes are copied with this. */
static inline sqlite3_destructor_type CSQLite_transient(void) { return SQLITE_TRANSIENT; }

#endif

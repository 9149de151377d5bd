#ifndef GRAPHEXPORT_CLIBXML2_SHIM_H
#define GRAPHEXPORT_CLIBXML2_SHIM_H

/* Debian's libxml2 headers pull in system ICU, which clashes with Foundation's own ICU in any
   module that sees both. Read the version header first and switch ICU off before the rest. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>

/// xmlFree is a mutable C global that Swift 6 refuses to touch: call it through a function.
static inline void gx_xml_free(void *pointer) {
    xmlFree(pointer);
}

/// xmlParserVersion is a macro over a per-thread global ("20914" for 2.9.14): read it through a
/// function.
static inline const char *gx_xml_parser_version(void) {
    return xmlParserVersion;
}

#endif

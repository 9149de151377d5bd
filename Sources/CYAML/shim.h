#ifndef GRAPHEXPORT_CYAML_SHIM_H
#define GRAPHEXPORT_CYAML_SHIM_H

#include <yaml.h>

#endif

#define _XOPEN_SOURCE 600
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int32_t mk_test_open_pseudo_terminal(int32_t *controller, int32_t *terminal) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    const char *name = (grantpt(master) == 0 && unlockpt(master) == 0) ? ptsname(master) : NULL;
    int slave = name != NULL ? open(name, O_RDWR | O_NOCTTY) : -1;
    if (slave < 0) {
        close(master);
        return -1;
    }
    *controller = master;
    *terminal = slave;
    return 0;
}

/* Uses an installed onav: the header's version matches the library's, and
 * a parameter block round-trips. */
#include <onav.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    if (onav_version() != ONAV_VERSION_NUMBER) {
        fprintf(stderr, "header version %d, library %u\n", ONAV_VERSION_NUMBER, onav_version());
        return 1;
    }
    OnavParams params;
    memset(&params, 0, sizeof params);
    params.tile_size = 32.0;
    params.cell_size = 0.25;
    params.max_verts_per_poly = 6;
    uint8_t block[ONAV_PARAM_BLOCK_LEN];
    size_t len = 0;
    OnavError err;
    int32_t status = onav_params_encode(&params, block, sizeof block, &len, &err);
    if (status != ONAV_OK || len != ONAV_PARAM_BLOCK_LEN) {
        fprintf(stderr, "onav_params_encode: %s %s\n", onav_status_name(status), err.message);
        return 1;
    }
    printf("consumer: onav %u, parameter block of %zu bytes\n", onav_version(), len);
    return 0;
}

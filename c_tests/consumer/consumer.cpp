// Uses an installed onav through the C++ wrapper: onav.hpp is installed
// beside onav.h, the versions agree, and a parameter block round-trips.
#include <onav.hpp>

#include <cstdio>

int main() {
    if (onav::version() != ONAV_VERSION_NUMBER || !onav::abi_compatible()) {
        std::fprintf(stderr, "header version %d, library %u\n", ONAV_VERSION_NUMBER, onav::version());
        return 1;
    }
    onav::Params params{};
    params.tile_size = 32.0;
    params.cell_size = 0.25;
    params.max_verts_per_poly = 6;
    try {
        std::vector<std::uint8_t> block = onav::encode_params(params);
        if (onav::decode_params(block).tile_size != 32.0) {
            std::fprintf(stderr, "the parameter block does not round-trip\n");
            return 1;
        }
        std::printf("consumer (C++): onav %u, parameter block of %zu bytes\n", onav::version(), block.size());
    } catch (const onav::Error& e) {
        std::fprintf(stderr, "%s: %s\n", onav::status_name(e.status()), e.message());
        return 1;
    }
    return 0;
}

/*
 * onav.hpp: header-only C++17 wrapper over the onav C ABI (include/onav.h).
 *
 * - Every opaque handle has a move-only RAII owner (onav::TiledNavMesh,
 *   onav::NavMeshQuery, ...) that frees it once; a moved-from owner is empty
 *   (get() == nullptr). get() lends the C handle for interop, release()
 *   gives it up, and the explicit constructor adopts one.
 * - A failed call throws the exception of its status (see "Errors" below);
 *   the OnavError message is the exception's message. Nothing is thrown
 *   through the library: the build progress callback catches what the
 *   user's callback throws, cancels the build and rethrows it after the
 *   C call returns.
 * - Results that the C ABI negotiates in two calls (a NULL or small buffer,
 *   ONAV_E_BUFFER_TOO_SMALL, the needed length) come back as std::vector:
 *   the wrapper asks, allocates once and asks again.
 * - Inputs are onav::span views over the caller's arrays (std::span under
 *   C++20, a small span of the same shape under C++17): no copy is made by
 *   the wrapper; the library copies what its C documentation says it copies.
 * - Plain data (OnavParams, OnavDVec3, OnavQueryFilter, ...) is used as is
 *   under shorter names (onav::Params, onav::DVec3, onav::QueryFilter, ...).
 * - Thread safety is the C ABI's: a const member function wraps a function
 *   taking a const handle and may run concurrently on one object; a
 *   non-const one needs exclusive use. NavMeshQuery is one thread at a time
 *   (every search writes its nodes), except max_nodes().
 *
 * Adding a C function: wrap it as a member of the class of its handle with
 * detail::call / detail::value / detail::make / detail::collect, writing
 * the C name as ::onav_xxx (the ctest `wrapper_complete` looks for that
 * spelling and fails while a function of onav.h has none). A new handle
 * type gets a detail::free_handle overload and a class deriving from
 * detail::Handle<OnavNewType>.
 */
#ifndef ONAV_HPP
#define ONAV_HPP

#include "onav.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if __cplusplus >= 202002L && defined(__has_include)
#if __has_include(<span>)
#include <span>
#endif
#endif

namespace onav {

// ---- Plain data: the C structs under C++ names ---------------------------

using Params = OnavParams;
using Fingerprint = OnavFingerprint;
using ContentId = OnavContentId;
using Vec3 = OnavVec3;
using DVec3 = OnavDVec3;
using DVec2 = OnavDVec2;
using Polygon = OnavPolygon;
using PolygonInfo = OnavPolygonInfo;
using DetailMesh = OnavDetailMesh;
using DetailTriangle = OnavDetailTriangle;
using OffMeshLink = OnavOffMeshLink;
using OffMeshLinkDefinition = OnavOffMeshLinkDefinition;
using TileInfo = OnavTileInfo;
using Link = OnavLink;
using DebugPolygon = OnavDebugPolygon;
using DebugLink = OnavDebugLink;
using DetourImportOptions = OnavDetourImportOptions;
using QueryFilter = OnavQueryFilter;
using WallDistance = OnavWallDistance;
using PathOutcome = OnavPathOutcome;
using NeighbourPoly = OnavNeighbourPoly;
using SurfaceMove = OnavSurfaceMove;
using NearestPoly = OnavNearestPoly;
using PolyAround = OnavPolyAround;
using RandomPoint = OnavRandomPoint;
using RaycastHit = OnavRaycastHit;
using SliceProgress = OnavSliceProgress;
using StraightPathVertex = OnavStraightPathVertex;
using ClosestPoint = OnavClosestPoint;
using WallSegment = OnavWallSegment;
using AgentParams = OnavAgentParams;
using CrowdSettings = OnavCrowdSettings;
using AgentHandle = OnavAgentHandle;
using WorldAgentHandle = OnavWorldAgentHandle;
using AgentState = OnavAgentState;
using OffMeshTraversal = OnavOffMeshTraversal;
using CrowdHash = OnavCrowdHash;
using ShortestPathOutcome = OnavShortestPathOutcome;

/// salt (24 bits) | tile slot (20 bits) | polygon (20 bits); 0 is null.
using PolyRef = std::uint64_t;
/// The PolyRef of a tile's polygon 0.
using TileRef = std::uint64_t;

// ---- span -----------------------------------------------------------------

#if defined(__cpp_lib_span)
/// A view of contiguous elements: std::span under C++20.
template <class T>
using span = std::span<T>;
#else
/// A view of contiguous elements, the subset of C++20's std::span the
/// wrapper needs: from (pointer, size), a C array, or any container with
/// data() and size() (std::vector, std::array, std::string, another span).
/// It never owns or copies what it views.
template <class T>
class span {
public:
    using element_type = T;
    using value_type = std::remove_cv_t<T>;
    using size_type = std::size_t;
    using pointer = T*;
    using iterator = T*;

    constexpr span() noexcept = default;
    constexpr span(T* data, std::size_t size) noexcept : data_(data), size_(size) {}
    template <std::size_t N>
    constexpr span(T (&array)[N]) noexcept : data_(array), size_(N) {}
    template <class Container,
              class Element = std::remove_pointer_t<decltype(std::declval<Container&>().data())>,
              class = std::enable_if_t<!std::is_array<std::remove_reference_t<Container>>::value &&
                                       std::is_convertible<Element (*)[], T (*)[]>::value>,
              class = decltype(std::declval<Container&>().size())>
    constexpr span(Container&& container) noexcept : data_(container.data()), size_(container.size()) {}

    constexpr T* data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }
    constexpr bool empty() const noexcept { return size_ == 0; }
    constexpr T* begin() const noexcept { return data_; }
    constexpr T* end() const noexcept { return data_ + size_; }
    constexpr T& operator[](std::size_t index) const noexcept { return data_[index]; }

private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};
#endif

// ---- Errors -----------------------------------------------------------------
//
// Every exception the wrapper throws for a failed call derives from
// onav::Error (status and message) and from exactly one standard exception,
// so both `catch (const onav::Error&)` and `catch (const std::exception&)`
// catch it:
//   FormatError          ONAV_E_FORMAT            std::runtime_error
//     VersionError       ONAV_E_VERSION           (found, expected)
//     FingerprintError   ONAV_E_FINGERPRINT
//   OutOfRangeError      ONAV_E_OUT_OF_RANGE      std::out_of_range
//   NotFoundError        ONAV_E_NOT_FOUND         std::out_of_range
//   InvalidOperationError ONAV_E_INVALID_OPERATION std::logic_error
//   InvalidReferenceError ONAV_E_INVALID_REFERENCE std::invalid_argument
//   NullArgumentError    ONAV_E_NULL_ARGUMENT     std::invalid_argument
//                        (an empty, moved-from owner passed to a call)
//   BufferTooSmallError  ONAV_E_BUFFER_TOO_SMALL  std::length_error
//   InternalError        ONAV_E_INTERNAL          std::runtime_error
//   UnknownStatusError   any other status         std::runtime_error
// The format text's rule "all read failures are format errors or a
// subclass" holds: VersionError and FingerprintError are FormatErrors.

/// The status and message of a failed call; the base of every onav
/// exception.
class Error {
public:
    virtual ~Error() = default;
    /// The ONAV_E_* status the call returned.
    std::int32_t status() const noexcept { return status_; }
    /// The library's message (UTF-8).
    virtual const char* message() const noexcept = 0;

protected:
    explicit Error(std::int32_t status) noexcept : status_(status) {}
    Error(const Error&) = default;
    Error& operator=(const Error&) = default;

private:
    std::int32_t status_;
};

namespace detail {
/// An onav::Error that is also the standard exception `Std`.
template <class Std>
class ErrorOf : public Error, public Std {
public:
    ErrorOf(std::int32_t status, const std::string& message) : Error(status), Std(message) {}
    const char* message() const noexcept override { return this->what(); }
};
}  // namespace detail

/// Bytes or hand-built data break a rule of the format.
class FormatError : public detail::ErrorOf<std::runtime_error> {
public:
    using ErrorOf::ErrorOf;
};

/// A layout version this library does not read.
class VersionError : public FormatError {
public:
    VersionError(std::int32_t status, const std::string& message, std::uint16_t found, std::uint16_t expected)
        : FormatError(status, message), found_(found), expected_(expected) {}
    /// The version in the bytes.
    std::uint16_t found() const noexcept { return found_; }
    /// The version this library reads.
    std::uint16_t expected() const noexcept { return expected_; }

private:
    std::uint16_t found_;
    std::uint16_t expected_;
};

/// A tile built with other parameters (build fingerprint mismatch).
class FingerprintError : public FormatError {
public:
    using FormatError::FormatError;
};

/// A value passed in lies outside its allowed range.
class OutOfRangeError : public detail::ErrorOf<std::out_of_range> {
public:
    using ErrorOf::ErrorOf;
};

/// No element at the given index or key.
class NotFoundError : public detail::ErrorOf<std::out_of_range> {
public:
    using ErrorOf::ErrorOf;
};

/// The call is not allowed in the object's current state (an occupied
/// tile position, a cancelled build, no sliced search under way, ...).
class InvalidOperationError : public detail::ErrorOf<std::logic_error> {
public:
    using ErrorOf::ErrorOf;
};

/// A polygon reference naming no polygon of the mesh: null, stale or past
/// its tile's polygon count.
class InvalidReferenceError : public detail::ErrorOf<std::invalid_argument> {
public:
    using ErrorOf::ErrorOf;
};

/// A required handle was NULL: an empty (moved-from or released) owner.
class NullArgumentError : public detail::ErrorOf<std::invalid_argument> {
public:
    using ErrorOf::ErrorOf;
};

/// An output buffer too small; the wrapper sizes its buffers, so this
/// only reaches the caller from a direct use of the detail helpers.
class BufferTooSmallError : public detail::ErrorOf<std::length_error> {
public:
    using ErrorOf::ErrorOf;
};

/// A bug inside the library (a caught panic). A non-const object passed to
/// the failing call should be destroyed rather than used again.
class InternalError : public detail::ErrorOf<std::runtime_error> {
public:
    using ErrorOf::ErrorOf;
};

/// A status this header does not know (a newer library).
class UnknownStatusError : public detail::ErrorOf<std::runtime_error> {
public:
    using ErrorOf::ErrorOf;
};

namespace detail {

/// The message of a filled OnavError, cut at its NUL (or the array's end).
inline std::string error_message(const OnavError& err) {
    const void* nul = std::memchr(err.message, 0, sizeof err.message);
    std::size_t length = nul != nullptr ? static_cast<std::size_t>(static_cast<const char*>(nul) - err.message)
                                        : sizeof err.message;
    return std::string(err.message, length);
}

/// Throws the exception of `status`, with what `err` holds.
[[noreturn]] inline void raise(std::int32_t status, const OnavError& err) {
    std::string message = error_message(err);
    switch (status) {
    case ONAV_E_FORMAT: throw FormatError(status, message);
    case ONAV_E_VERSION: throw VersionError(status, message, err.found_version, err.expected_version);
    case ONAV_E_FINGERPRINT: throw FingerprintError(status, message);
    case ONAV_E_OUT_OF_RANGE: throw OutOfRangeError(status, message);
    case ONAV_E_INVALID_OPERATION: throw InvalidOperationError(status, message);
    case ONAV_E_NULL_ARGUMENT: throw NullArgumentError(status, message);
    case ONAV_E_BUFFER_TOO_SMALL: throw BufferTooSmallError(status, message);
    case ONAV_E_NOT_FOUND: throw NotFoundError(status, message);
    case ONAV_E_INVALID_REFERENCE: throw InvalidReferenceError(status, message);
    case ONAV_E_INTERNAL: throw InternalError(status, message);
    default: throw UnknownStatusError(status, message);
    }
}

/// Throws unless `status` is ONAV_OK. `err` is read only on failure, when
/// the library has filled it.
inline void check(std::int32_t status, const OnavError& err) {
    if (status != ONAV_OK) {
        raise(status, err);
    }
}

/// Calls `function(args..., &err)` and throws on failure.
template <class Function, class... Args>
void call(Function function, Args... args) {
    OnavError err;
    check(function(args..., &err), err);
}

/// Calls `function(args..., &out, &err)` and returns `out`.
template <class T, class Function, class... Args>
T value(Function function, Args... args) {
    T out{};
    call(function, args..., &out);
    return out;
}

/// Calls `function(args..., &raw, &err)` and returns the new handle owned
/// by an `Owner`.
template <class Owner, class Function, class... Args>
Owner make(Function function, Args... args) {
    typename Owner::c_type* raw = nullptr;
    call(function, args..., &raw);
    return Owner(raw);
}

/// The two-call size negotiation: `fill(buf, cap, &len, &err)` is called
/// with the vector's buffer; ONAV_E_BUFFER_TOO_SMALL with a larger needed
/// length grows the vector to it and calls again. `initial` is the first
/// capacity offered (0 asks for the size first; a guess saves a second
/// search for the query calls, which repeat their work on each call).
template <class T, class Fill>
std::vector<T> collect(Fill fill, std::size_t initial = 0) {
    std::vector<T> out(initial);
    for (;;) {
        std::size_t len = 0;
        OnavError err;
        std::int32_t status = fill(out.data(), out.size(), &len, &err);
        if (status == ONAV_E_BUFFER_TOO_SMALL && len > out.size()) {
            out.resize(len);
            continue;
        }
        check(status, err);
        out.resize(len);
        return out;
    }
}

/// collect() for a function whose buffer arguments come last:
/// `function(args..., buf, cap, &len, &err)`.
template <class T, class Function, class... Args>
std::vector<T> collect_from(Function function, Args... args) {
    return collect<T>([&](T* buf, std::size_t cap, std::size_t* len, OnavError* err) {
        return function(args..., buf, cap, len, err);
    });
}

/// The pointer of a span for the C side: NULL for an empty span, which the
/// C ABI accepts with length 0.
template <class T>
const T* data_or_null(span<const T> items) noexcept {
    return items.empty() ? nullptr : items.data();
}

/// Refuses arrays meant to run in step whose lengths differ, before the
/// library reads past the shorter one.
inline void require_length(std::size_t length, std::size_t expected, const std::string& what) {
    if (length != expected) {
        throw FormatError(ONAV_E_FORMAT,
                          what + " holds " + std::to_string(length) + " entries; expected " + std::to_string(expected));
    }
}

/// Fills the fields the polygon lists of the builders' C inputs share
/// (OnavTilePolygons, OnavTileInput2d) from their C++ views `input` (named
/// `name` in errors): position, vertices, polygons, indices, and areas and
/// flags, each empty (NULL) or one per polygon.
template <class C, class Input>
void fill_polygon_lists(C& c, const Input& input, const char* name) {
    if (!input.areas.empty()) {
        require_length(input.areas.size(), input.vertex_counts.size(), std::string(name) + "::areas");
    }
    if (!input.flags.empty()) {
        require_length(input.flags.size(), input.vertex_counts.size(), std::string(name) + "::flags");
    }
    c.tile_x = input.tile_x;
    c.tile_z = input.tile_z;
    c.layer = input.layer;
    c.vertices = data_or_null(input.vertices);
    c.vertex_count = input.vertices.size();
    c.vertex_counts = data_or_null(input.vertex_counts);
    c.polygon_count = input.vertex_counts.size();
    c.indices = data_or_null(input.indices);
    c.index_count = input.indices.size();
    c.areas = data_or_null(input.areas);
    c.flags = data_or_null(input.flags);
}

/// The release function of each handle type (each accepts NULL). Plain
/// overloads rather than function-pointer template arguments: the address
/// of a DLL-imported function is not a constant expression on Windows.
inline void free_handle(OnavTile* handle) noexcept { ::onav_tile_free(handle); }
inline void free_handle(OnavTileLibrary* handle) noexcept { ::onav_tile_library_free(handle); }
inline void free_handle(OnavMesh* handle) noexcept { ::onav_mesh_free(handle); }
inline void free_handle(OnavMeshDebug* handle) noexcept { ::onav_mesh_debug_free(handle); }
inline void free_handle(OnavStreamer* handle) noexcept { ::onav_streamer_free(handle); }
inline void free_handle(OnavSettings* handle) noexcept { ::onav_settings_free(handle); }
inline void free_handle(OnavTriangleGeometry* handle) noexcept { ::onav_triangle_geometry_free(handle); }
inline void free_handle(OnavNavMesh* handle) noexcept { ::onav_nav_mesh_free(handle); }
inline void free_handle(OnavNavWorld* handle) noexcept { ::onav_nav_world_free(handle); }
inline void free_handle(OnavQuery* handle) noexcept { ::onav_query_free(handle); }
inline void free_handle(OnavCrowd* handle) noexcept { ::onav_crowd_free(handle); }
inline void free_handle(OnavWorldCrowd* handle) noexcept { ::onav_world_crowd_free(handle); }

/// The move-only owner of one C handle, released with its free_handle
/// exactly once.
template <class C>
class Handle {
public:
    using c_type = C;

    /// An empty owner.
    Handle() noexcept = default;
    /// Adopts `raw` (NULL gives an empty owner).
    explicit Handle(C* raw) noexcept : raw_(raw) {}
    Handle(Handle&& other) noexcept : raw_(other.release()) {}
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset(other.release());
        }
        return *this;
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    ~Handle() { free_handle(raw_); }

    /// The C handle, still owned by this object.
    C* get() const noexcept { return raw_; }
    /// Gives up ownership: the caller frees the returned handle.
    C* release() noexcept { return std::exchange(raw_, nullptr); }
    /// Frees the owned handle and adopts `raw`.
    void reset(C* raw = nullptr) noexcept { free_handle(std::exchange(raw_, raw)); }
    explicit operator bool() const noexcept { return raw_ != nullptr; }

private:
    C* raw_ = nullptr;
};

}  // namespace detail

// ---- Library, parameters and references -------------------------------------

/// The name of a status value, e.g. "ONAV_E_FORMAT" (static string).
inline const char* status_name(std::int32_t status) noexcept { return ::onav_status_name(status); }

/// The loaded library's version, major * 10000 + minor * 100 + patch.
inline std::uint32_t version() noexcept { return ::onav_version(); }

/// Whether the loaded library serves a program built with the header of
/// `header_version` (by default this header's).
inline bool abi_compatible(std::uint32_t header_version = ONAV_VERSION_NUMBER) noexcept {
    return ::onav_abi_compatible(header_version) != 0;
}

/// Checks every parameter rule; OutOfRangeError names the first broken field.
inline void validate_params(const Params& params) { detail::call(::onav_params_validate, &params); }

/// The 68-byte parameter block (LAYOUT section 1).
inline std::vector<std::uint8_t> encode_params(const Params& params) {
    return detail::collect_from<std::uint8_t>(::onav_params_encode, &params);
}

/// Decodes a parameter block; FormatError names the field.
inline Params decode_params(span<const std::uint8_t> block) {
    return detail::value<Params>(::onav_params_decode, detail::data_or_null(block), block.size());
}

/// The build fingerprint of the parameters.
inline Fingerprint params_fingerprint(const Params& params) {
    return detail::value<Fingerprint>(::onav_params_fingerprint, &params);
}

/// MaxLocalExtent = 16384 * cell_size.
inline double max_local_extent(const Params& params) {
    return detail::value<double>(::onav_params_max_local_extent, &params);
}

/// World X and Z.
struct WorldXZ {
    double x;
    double z;
};

/// A tile column and row.
struct TileXZ {
    std::int32_t x;
    std::int32_t z;
};

/// World X and Z of the origin of tile (tile_x, tile_z).
inline WorldXZ tile_origin(const Params& params, std::int32_t tile_x, std::int32_t tile_z) {
    WorldXZ out{};
    detail::call(::onav_params_tile_origin, &params, tile_x, tile_z, &out.x, &out.z);
    return out;
}

/// The tile column and row holding world (x, z); OutOfRangeError outside ±2^21.
inline TileXZ world_to_tile(const Params& params, double x, double z) {
    TileXZ out{};
    detail::call(::onav_params_world_to_tile, &params, x, z, &out.x, &out.z);
    return out;
}

/// The fields of a PolyRef.
struct PolyRefParts {
    std::uint32_t salt;
    std::uint32_t slot;
    std::uint32_t polygon;
};

/// The fields of a TileRef.
struct TileRefParts {
    std::uint32_t salt;
    std::uint32_t slot;
};

/// Encodes a PolyRef; OutOfRangeError for a field out of its bits or salt 0.
inline PolyRef encode_poly_ref(std::uint32_t salt, std::uint32_t slot, std::uint32_t polygon) {
    return detail::value<PolyRef>(::onav_poly_ref_encode, salt, slot, polygon);
}

/// Splits any value into salt, slot and polygon bits (no validity check).
inline PolyRefParts decode_poly_ref(PolyRef poly_ref) {
    PolyRefParts out{};
    detail::call(::onav_poly_ref_decode, poly_ref, &out.salt, &out.slot, &out.polygon);
    return out;
}

/// Encodes a TileRef; OutOfRangeError for a field out of its bits or salt 0.
inline TileRef encode_tile_ref(std::uint32_t salt, std::uint32_t slot) {
    return detail::value<TileRef>(::onav_tile_ref_encode, salt, slot);
}

/// Splits a TileRef; OutOfRangeError when polygon bits are set.
inline TileRefParts decode_tile_ref(TileRef tile_ref) {
    TileRefParts out{};
    detail::call(::onav_tile_ref_decode, tile_ref, &out.salt, &out.slot);
    return out;
}

// ---- Tiles --------------------------------------------------------------------

/// One tile's contents as views of the caller's arrays (OnavTileData):
/// NavTile::create copies them. `indices`, `neighbours` and `portal_sides`
/// run in step, one entry per polygon edge.
struct TileData {
    std::int32_t tile_x = 0;
    std::int32_t tile_z = 0;
    double origin_y = 0.0;
    std::uint16_t layer = 0;
    span<const Vec3> vertices;
    span<const Polygon> polygons;
    span<const std::uint32_t> indices;
    span<const std::uint32_t> neighbours;
    span<const std::uint8_t> portal_sides;
    span<const DetailMesh> detail_meshes;
    span<const Vec3> detail_vertices;
    span<const DetailTriangle> detail_triangles;
    span<const OffMeshLink> off_mesh_links;

    /// The C view of the same arrays; FormatError when the per-edge arrays
    /// differ in length.
    OnavTileData to_c() const {
        detail::require_length(neighbours.size(), indices.size(), "TileData::neighbours");
        detail::require_length(portal_sides.size(), indices.size(), "TileData::portal_sides");
        OnavTileData c{};
        c.tile_x = tile_x;
        c.tile_z = tile_z;
        c.origin_y = origin_y;
        c.layer = layer;
        c.vertices = detail::data_or_null(vertices);
        c.vertex_count = vertices.size();
        c.polygons = detail::data_or_null(polygons);
        c.polygon_count = polygons.size();
        c.indices = detail::data_or_null(indices);
        c.neighbours = detail::data_or_null(neighbours);
        c.portal_sides = detail::data_or_null(portal_sides);
        c.edge_count = indices.size();
        c.detail_meshes = detail::data_or_null(detail_meshes);
        c.detail_mesh_count = detail_meshes.size();
        c.detail_vertices = detail::data_or_null(detail_vertices);
        c.detail_vertex_count = detail_vertices.size();
        c.detail_triangles = detail::data_or_null(detail_triangles);
        c.detail_triangle_count = detail_triangles.size();
        c.off_mesh_links = detail::data_or_null(off_mesh_links);
        c.off_mesh_link_count = off_mesh_links.size();
        return c;
    }
};

/// The polygons of one tile in world space (OnavTilePolygons), views of
/// the caller's arrays: `vertex_counts`, `areas` and `flags` one per
/// polygon (`areas` / `flags` empty for 0 everywhere).
struct TilePolygons {
    std::int32_t tile_x = 0;
    std::int32_t tile_z = 0;
    double origin_y = 0.0;
    std::uint16_t layer = 0;
    span<const DVec3> vertices;
    span<const std::uint8_t> vertex_counts;
    span<const std::uint32_t> indices;
    span<const std::uint8_t> areas;
    span<const std::uint16_t> flags;

    /// The C view; FormatError when `areas` or `flags` is neither empty nor
    /// one per polygon.
    OnavTilePolygons to_c() const {
        OnavTilePolygons c{};
        c.origin_y = origin_y;
        detail::fill_polygon_lists(c, *this, "TilePolygons");
        return c;
    }
};

/// A validated, immutable tile (OnavTile). Every member is const and may
/// run concurrently on one tile. Meshes share tiles: adding one to a mesh
/// does not consume it, and the mesh keeps its share after this owner goes.
class NavTile : public detail::Handle<OnavTile> {
public:
    using Handle::Handle;

    /// Validates hand-built data (FormatError naming the polygon, edge or
    /// array; OutOfRangeError for bad parameters); the arrays are copied.
    static NavTile create(const Params& params, const TileData& data) {
        OnavTileData c = data.to_c();
        return detail::make<NavTile>(::onav_tile_create, &params, &c);
    }

    /// Reads ONPT bytes built with `params` (FormatError, VersionError,
    /// FingerprintError; OutOfRangeError for bad parameters).
    static NavTile read(const Params& params, span<const std::uint8_t> bytes) {
        return detail::make<NavTile>(::onav_tile_read, &params, detail::data_or_null(bytes), bytes.size());
    }

    /// The hand-over of world-space polygons into a tile (tile-local
    /// coordinates, boundary snapping, winding, neighbours, portals).
    static NavTile assemble(const Params& params, const TilePolygons& polygons) {
        OnavTilePolygons c = polygons.to_c();
        return detail::make<NavTile>(::onav_tile_assemble, &params, &c);
    }

    /// Reads one Detour tile blob (DNAV 7) against `params`.
    static NavTile import_detour(const Params& params, span<const std::uint8_t> blob,
                                 const DetourImportOptions& options) {
        return detail::make<NavTile>(::onav_import_detour_tile, &params, detail::data_or_null(blob), blob.size(),
                                     &options);
    }

    /// The tile's ONPT bytes; equal tiles give equal bytes.
    std::vector<std::uint8_t> write() const { return detail::collect_from<std::uint8_t>(::onav_tile_write, get()); }
    /// The build fingerprint the tile was built or read with.
    Fingerprint fingerprint() const { return detail::value<Fingerprint>(::onav_tile_fingerprint, get()); }
    /// SHA-256 (first 16 bytes) of the ONPT bytes.
    ContentId content_id() const { return detail::value<ContentId>(::onav_tile_content_id, get()); }
    /// Position and array counts.
    TileInfo info() const { return detail::value<TileInfo>(::onav_tile_info, get()); }
    /// Tile-local vertex `index`; NotFoundError at or past vertex_count.
    Vec3 vertex(std::uint32_t index) const { return detail::value<Vec3>(::onav_tile_vertex, get(), index); }
    /// Polygon `index` with its edges; NotFoundError past polygon_count.
    PolygonInfo polygon(std::uint32_t index) const {
        return detail::value<PolygonInfo>(::onav_tile_polygon, get(), index);
    }
    /// Off-mesh link slot `index`; NotFoundError past off_mesh_link_count.
    OffMeshLink off_mesh_link(std::uint32_t index) const {
        return detail::value<OffMeshLink>(::onav_tile_off_mesh_link, get(), index);
    }
};

/// Tiles keyed by content id, all built with one set of parameters
/// (OnavTileLibrary); the source of TiledNavMesh::restore.
class TileLibrary : public detail::Handle<OnavTileLibrary> {
public:
    using Handle::Handle;

    /// An empty library for tiles built with `params`.
    static TileLibrary create(const Params& params) {
        return detail::make<TileLibrary>(::onav_tile_library_new, &params);
    }
    /// Reads ONPT bytes and keeps the tile (equal bytes once); exclusive.
    ContentId add(span<const std::uint8_t> bytes) {
        return detail::value<ContentId>(::onav_tile_library_add, get(), detail::data_or_null(bytes), bytes.size());
    }
    /// The number of distinct tiles.
    std::size_t count() const { return detail::value<std::size_t>(::onav_tile_library_count, get()); }
};

class NavMeshDebug;

// ---- The tiled mesh ---------------------------------------------------------

/// A tiled navigation mesh (OnavMesh): tiles in salted slots with their
/// stitched links. Const members may run concurrently; edits need
/// exclusive use. To query while editing, give query threads a clone()
/// (cheap: tiles and link tables are shared) or a NavMeshQuery.
class TiledNavMesh : public detail::Handle<OnavMesh> {
public:
    using Handle::Handle;

    /// An empty mesh; OutOfRangeError names a bad parameter.
    static TiledNavMesh create(const Params& params) { return detail::make<TiledNavMesh>(::onav_mesh_new, &params); }
    /// Reads ONPM bytes (FormatError, VersionError, FingerprintError).
    static TiledNavMesh read(span<const std::uint8_t> bytes) {
        return detail::make<TiledNavMesh>(::onav_mesh_read, detail::data_or_null(bytes), bytes.size());
    }
    /// Reads a RecastDemo tile set (MSET) of Detour tiles.
    static TiledNavMesh import_detour_tile_set(span<const std::uint8_t> bytes, const DetourImportOptions& options) {
        return detail::make<TiledNavMesh>(::onav_import_detour_tile_set, detail::data_or_null(bytes), bytes.size(),
                                          &options);
    }

    /// An independent mesh sharing the tiles.
    TiledNavMesh clone() const { return detail::make<TiledNavMesh>(::onav_mesh_clone, get()); }
    /// The canonical ONPM bytes.
    std::vector<std::uint8_t> write() const { return detail::collect_from<std::uint8_t>(::onav_mesh_write, get()); }
    /// The slot state as ONPS bytes (no streaming queue).
    std::vector<std::uint8_t> snapshot() const {
        return detail::collect_from<std::uint8_t>(::onav_mesh_snapshot, get());
    }
    /// Replaces the slot state with a snapshot's, tiles from `library`;
    /// on failure the mesh is untouched. Exclusive on the mesh.
    void restore(span<const std::uint8_t> snapshot, const TileLibrary& library) {
        detail::call(::onav_mesh_restore, get(), detail::data_or_null(snapshot), snapshot.size(), library.get());
    }
    /// The parameters the mesh was created or read with.
    Params params() const { return detail::value<Params>(::onav_mesh_params, get()); }
    /// The fingerprint every tile must carry.
    Fingerprint fingerprint() const { return detail::value<Fingerprint>(::onav_mesh_fingerprint, get()); }
    /// WorldToTile with the mesh's parameters.
    TileXZ world_to_tile(double x, double z) const {
        TileXZ out{};
        detail::call(::onav_mesh_world_to_tile, get(), x, z, &out.x, &out.z);
        return out;
    }

    /// Adds a shared tile in the lowest free slot (FingerprintError;
    /// InvalidOperationError for an occupied position or no free slot).
    TileRef add_tile(const NavTile& tile) { return detail::value<TileRef>(::onav_mesh_add_tile, get(), tile.get()); }
    /// Reads ONPT bytes against the mesh's parameters, then adds the tile.
    TileRef add_tile_bytes(span<const std::uint8_t> bytes) {
        return detail::value<TileRef>(::onav_mesh_add_tile_bytes, get(), detail::data_or_null(bytes), bytes.size());
    }
    /// Replaces the tile at the tile's position, advancing the slot's salt.
    TileRef replace_tile(const NavTile& tile) {
        return detail::value<TileRef>(::onav_mesh_replace_tile, get(), tile.get());
    }
    /// Reads ONPT bytes, then replaces as replace_tile does.
    TileRef replace_tile_bytes(span<const std::uint8_t> bytes) {
        return detail::value<TileRef>(::onav_mesh_replace_tile_bytes, get(), detail::data_or_null(bytes),
                                      bytes.size());
    }
    /// Removes the tile at (x, z, layer); returns the TileRef it had
    /// (NotFoundError when there is none).
    TileRef remove_tile(std::int32_t tile_x, std::int32_t tile_z, std::uint16_t layer) {
        return detail::value<TileRef>(::onav_mesh_remove_tile, get(), tile_x, tile_z, layer);
    }
    /// Removes every layer of a column; returns how many tiles went.
    std::uint32_t remove_column(std::int32_t tile_x, std::int32_t tile_z) {
        return detail::value<std::uint32_t>(::onav_mesh_remove_column, get(), tile_x, tile_z);
    }

    /// Vertex count, area and flags (NotFoundError for a bad reference).
    Polygon polygon(PolyRef poly_ref) const { return detail::value<Polygon>(::onav_mesh_polygon, get(), poly_ref); }
    /// The world-space outline, one point per vertex.
    std::vector<DVec3> polygon_outline(PolyRef poly_ref) const {
        return detail::collect_from<DVec3>(::onav_mesh_polygon_outline, get(), poly_ref);
    }
    /// The links leaving a polygon in the format's order.
    std::vector<Link> links(PolyRef poly_ref) const {
        return detail::collect_from<Link>(::onav_mesh_links, get(), poly_ref);
    }
    /// Number of tiles.
    std::uint32_t tile_count() const { return detail::value<std::uint32_t>(::onav_mesh_tile_count, get()); }
    /// Number of slots ever created, free ones included.
    std::uint32_t slot_count() const { return detail::value<std::uint32_t>(::onav_mesh_slot_count, get()); }
    /// The current salt of a slot (NotFoundError past slot_count).
    std::uint32_t slot_salt(std::uint32_t slot) const {
        return detail::value<std::uint32_t>(::onav_mesh_slot_salt, get(), slot);
    }
    /// The TileRef at (x, z, layer) (NotFoundError when there is none).
    TileRef tile_at(std::int32_t tile_x, std::int32_t tile_z, std::uint16_t layer) const {
        return detail::value<TileRef>(::onav_mesh_tile_at, get(), tile_x, tile_z, layer);
    }
    /// The TileRefs of a column, lowest layer first.
    std::vector<TileRef> column_tiles(std::int32_t tile_x, std::int32_t tile_z) const {
        return detail::collect_from<TileRef>(::onav_mesh_column_tiles, get(), tile_x, tile_z);
    }
    /// Every TileRef in slot order.
    std::vector<TileRef> tiles() const { return detail::collect_from<TileRef>(::onav_mesh_tiles, get()); }
    /// Position and counts of a tile (NotFoundError for a bad reference).
    TileInfo tile_info(TileRef tile_ref) const {
        return detail::value<TileInfo>(::onav_mesh_tile_info, get(), tile_ref);
    }
    /// A handle sharing (not copying) the tile; it outlives the mesh.
    NavTile tile(TileRef tile_ref) const { return detail::make<NavTile>(::onav_mesh_tile, get(), tile_ref); }
    /// Whether the reference names a polygon of the mesh now.
    bool is_valid_poly_ref(PolyRef poly_ref) const {
        return detail::value<std::uint8_t>(::onav_mesh_is_valid_poly_ref, get(), poly_ref) != 0;
    }
    /// Whether the reference names a tile of the mesh now.
    bool is_valid_tile_ref(TileRef tile_ref) const {
        return detail::value<std::uint8_t>(::onav_mesh_is_valid_tile_ref, get(), tile_ref) != 0;
    }
    /// The debug geometry, a snapshot independent of later edits.
    NavMeshDebug debug_collect() const;

    // Run-time switches (docs/RUNTIME_SWITCHES.md): host state of this mesh
    // version, read by every query as if the tile carried it, never written
    // out. A failed switch changes nothing. To switch while queries run,
    // switch a clone() and hand it to them (NavMeshQuery::set_mesh).

    /// The flags queries read for a polygon (the tile's, or what
    /// set_poly_flags gave it); InvalidReferenceError for a null, stale or
    /// out-of-range reference.
    std::uint16_t poly_flags(PolyRef poly_ref) const {
        return detail::value<std::uint16_t>(::onav_mesh_poly_flags, get(), poly_ref);
    }
    /// The area queries read for a polygon; errors as poly_flags.
    std::uint8_t poly_area(PolyRef poly_ref) const {
        return detail::value<std::uint8_t>(::onav_mesh_poly_area, get(), poly_ref);
    }
    /// Gives a polygon these flags (a door closed by clearing the flag a
    /// filter includes); InvalidReferenceError as poly_flags.
    void set_poly_flags(PolyRef poly_ref, std::uint16_t flags) {
        detail::call(::onav_mesh_set_poly_flags, get(), poly_ref, flags);
    }
    /// Gives a polygon an area (0..=63; OutOfRangeError above);
    /// InvalidReferenceError as poly_flags.
    void set_poly_area(PolyRef poly_ref, std::uint8_t area) {
        detail::call(::onav_mesh_set_poly_area, get(), poly_ref, area);
    }
    /// Whether off-mesh link `index` of the tile `tile_ref` names is
    /// enabled (InvalidReferenceError for a stale tile reference,
    /// OutOfRangeError past the tile's off-mesh links).
    bool off_mesh_link_enabled(TileRef tile_ref, std::uint32_t index) const {
        return detail::value<std::uint8_t>(::onav_mesh_off_mesh_link_enabled, get(), tile_ref, index) != 0;
    }
    /// Enables or disables off-mesh link `index` of a tile: no query
    /// crosses a disabled link, in either direction; errors as
    /// off_mesh_link_enabled.
    void set_off_mesh_link_enabled(TileRef tile_ref, std::uint32_t index, bool enabled) {
        detail::call(::onav_mesh_set_off_mesh_link_enabled, get(), tile_ref, index,
                     static_cast<std::uint8_t>(enabled ? 1 : 0));
    }
    /// Enables or disables every off-mesh link with `user_id` in the tiles
    /// now in the mesh (how a host re-applies a link's state after its tile
    /// streamed back); returns how many carry it.
    std::size_t set_off_mesh_links_enabled_by_user_id(std::uint32_t user_id, bool enabled) {
        return detail::value<std::size_t>(::onav_mesh_set_off_mesh_links_enabled_by_user_id, get(), user_id,
                                          static_cast<std::uint8_t>(enabled ? 1 : 0));
    }
};

/// Polygon and link counts of a NavMeshDebug.
struct DebugCounts {
    std::uint32_t polygons;
    std::uint32_t links;
};

/// A mesh's debug geometry (OnavMeshDebug), independent of the mesh; every
/// member is const.
class NavMeshDebug : public detail::Handle<OnavMeshDebug> {
public:
    using Handle::Handle;

    /// Collects `mesh`'s debug geometry.
    static NavMeshDebug collect(const TiledNavMesh& mesh) {
        return detail::make<NavMeshDebug>(::onav_mesh_debug_collect, mesh.get());
    }
    DebugCounts counts() const {
        DebugCounts out{};
        detail::call(::onav_mesh_debug_counts, get(), &out.polygons, &out.links);
        return out;
    }
    /// Polygon `index` (NotFoundError past the count).
    DebugPolygon polygon(std::uint32_t index) const {
        return detail::value<DebugPolygon>(::onav_mesh_debug_polygon, get(), index);
    }
    /// The world-space outline of polygon `index`.
    std::vector<DVec3> polygon_outline(std::uint32_t index) const {
        return detail::collect_from<DVec3>(::onav_mesh_debug_polygon_outline, get(), index);
    }
    /// Link `index` as a world-space segment (NotFoundError past the count).
    DebugLink link(std::uint32_t index) const {
        return detail::value<DebugLink>(::onav_mesh_debug_link, get(), index);
    }
};

inline NavMeshDebug TiledNavMesh::debug_collect() const { return NavMeshDebug::collect(*this); }

/// A streaming queue (OnavStreamer); it never holds a mesh: update()
/// applies it to the mesh passed in.
class TileStreamer : public detail::Handle<OnavStreamer> {
public:
    using Handle::Handle;

    static TileStreamer create() { return detail::make<TileStreamer>(::onav_streamer_new); }
    /// Queues ONPT bytes (copied; checked when applied).
    void queue_tile(span<const std::uint8_t> bytes) {
        detail::call(::onav_streamer_queue_tile, get(), detail::data_or_null(bytes), bytes.size());
    }
    /// Queues the removal of every layer of a column.
    void queue_remove_column(std::int32_t tile_x, std::int32_t tile_z) {
        detail::call(::onav_streamer_queue_remove_column, get(), tile_x, tile_z);
    }
    /// Applies at most `max_operations` queued operations to `mesh`;
    /// returns how many. A failing operation leaves the queue and throws;
    /// those before it stay applied, and their number is written to
    /// `*applied_before_failure` when given. Exclusive on both.
    std::size_t update(TiledNavMesh& mesh, std::size_t max_operations,
                       std::size_t* applied_before_failure = nullptr) {
        std::size_t applied = 0;
        OnavError err;
        std::int32_t status = ::onav_streamer_update(get(), mesh.get(), max_operations, &applied, &err);
        if (applied_before_failure != nullptr) {
            *applied_before_failure = applied;
        }
        detail::check(status, err);
        return applied;
    }
    /// Operations not yet applied.
    std::size_t pending() const { return detail::value<std::size_t>(::onav_streamer_pending, get()); }
    /// Drops every queued operation.
    void clear() { detail::call(::onav_streamer_clear, get()); }
};

// ---- Settings, NavMesh and NavWorld -----------------------------------------

/// Build settings of one agent class (OnavSettings). Every setter
/// validates (OutOfRangeError naming the field, settings unchanged).
/// Getters may run concurrently; setters need exclusive use.
class NavSettings : public detail::Handle<OnavSettings> {
public:
    using Handle::Handle;

    /// The defaults: 32-unit tiles at the origin, 0.25 cells, a 0.5-radius,
    /// 2-high agent, watershed partition, area 63, flags 1, no links.
    static NavSettings create() { return detail::make<NavSettings>(::onav_settings_new); }
    /// An independent copy, links included.
    NavSettings clone() const { return detail::make<NavSettings>(::onav_settings_clone, get()); }
    /// NavSettings.ToParams: grid, agent and the settings digest.
    Params to_params() const { return detail::value<Params>(::onav_settings_to_params, get()); }

    /// The authored off-mesh links.
    std::vector<OffMeshLinkDefinition> off_mesh_links() const {
        return detail::collect_from<OffMeshLinkDefinition>(::onav_settings_off_mesh_links, get());
    }
    /// Replaces the authored links (copied).
    void set_off_mesh_links(span<const OffMeshLinkDefinition> links) {
        detail::call(::onav_settings_set_off_mesh_links, get(), detail::data_or_null(links), links.size());
    }

    /// One of the ONAV_PARTITION_* values.
    std::int32_t partition() const { return detail::value<std::int32_t>(::onav_settings_partition, get()); }
    void set_partition(std::int32_t value) { detail::call(::onav_settings_set_partition, get(), value); }
    double origin_x() const { return detail::value<double>(::onav_settings_origin_x, get()); }
    void set_origin_x(double value) { detail::call(::onav_settings_set_origin_x, get(), value); }
    double origin_y() const { return detail::value<double>(::onav_settings_origin_y, get()); }
    void set_origin_y(double value) { detail::call(::onav_settings_set_origin_y, get(), value); }
    double origin_z() const { return detail::value<double>(::onav_settings_origin_z, get()); }
    void set_origin_z(double value) { detail::call(::onav_settings_set_origin_z, get(), value); }
    double tile_size() const { return detail::value<double>(::onav_settings_tile_size, get()); }
    void set_tile_size(double value) { detail::call(::onav_settings_set_tile_size, get(), value); }
    double cell_size() const { return detail::value<double>(::onav_settings_cell_size, get()); }
    void set_cell_size(double value) { detail::call(::onav_settings_set_cell_size, get(), value); }
    float agent_radius() const { return detail::value<float>(::onav_settings_agent_radius, get()); }
    void set_agent_radius(float value) { detail::call(::onav_settings_set_agent_radius, get(), value); }
    float agent_height() const { return detail::value<float>(::onav_settings_agent_height, get()); }
    void set_agent_height(float value) { detail::call(::onav_settings_set_agent_height, get(), value); }
    float walkable_climb() const { return detail::value<float>(::onav_settings_walkable_climb, get()); }
    void set_walkable_climb(float value) { detail::call(::onav_settings_set_walkable_climb, get(), value); }
    float agent_max_slope() const { return detail::value<float>(::onav_settings_agent_max_slope, get()); }
    void set_agent_max_slope(float value) { detail::call(::onav_settings_set_agent_max_slope, get(), value); }
    std::uint16_t max_verts_per_poly() const {
        return detail::value<std::uint16_t>(::onav_settings_max_verts_per_poly, get());
    }
    void set_max_verts_per_poly(std::uint16_t value) {
        detail::call(::onav_settings_set_max_verts_per_poly, get(), value);
    }
    double cell_height() const { return detail::value<double>(::onav_settings_cell_height, get()); }
    void set_cell_height(double value) { detail::call(::onav_settings_set_cell_height, get(), value); }
    std::int32_t snap_bits() const { return detail::value<std::int32_t>(::onav_settings_snap_bits, get()); }
    void set_snap_bits(std::int32_t value) { detail::call(::onav_settings_set_snap_bits, get(), value); }
    std::int32_t min_region_area() const {
        return detail::value<std::int32_t>(::onav_settings_min_region_area, get());
    }
    void set_min_region_area(std::int32_t value) { detail::call(::onav_settings_set_min_region_area, get(), value); }
    std::int32_t merge_region_area() const {
        return detail::value<std::int32_t>(::onav_settings_merge_region_area, get());
    }
    void set_merge_region_area(std::int32_t value) {
        detail::call(::onav_settings_set_merge_region_area, get(), value);
    }
    float contour_max_error() const { return detail::value<float>(::onav_settings_contour_max_error, get()); }
    void set_contour_max_error(float value) { detail::call(::onav_settings_set_contour_max_error, get(), value); }
    double max_edge_length() const { return detail::value<double>(::onav_settings_max_edge_length, get()); }
    void set_max_edge_length(double value) { detail::call(::onav_settings_set_max_edge_length, get(), value); }
    double detail_sample_distance() const {
        return detail::value<double>(::onav_settings_detail_sample_distance, get());
    }
    void set_detail_sample_distance(double value) {
        detail::call(::onav_settings_set_detail_sample_distance, get(), value);
    }
    double detail_max_error() const { return detail::value<double>(::onav_settings_detail_max_error, get()); }
    void set_detail_max_error(double value) { detail::call(::onav_settings_set_detail_max_error, get(), value); }
    /// The world height of the 2D build plane.
    double height() const { return detail::value<double>(::onav_settings_height, get()); }
    void set_height(double value) { detail::call(::onav_settings_set_height, get(), value); }
    /// The default polygon area of 2D builds.
    std::uint8_t area() const { return detail::value<std::uint8_t>(::onav_settings_area, get()); }
    void set_area(std::uint8_t value) { detail::call(::onav_settings_set_area, get(), value); }
    /// The default polygon flags of 2D builds.
    std::uint16_t flags() const { return detail::value<std::uint16_t>(::onav_settings_flags, get()); }
    void set_flags(std::uint16_t value) { detail::call(::onav_settings_set_flags, get(), value); }
};

/// The polygons of one tile from a 2D builder (OnavTileInput2d), views of
/// the caller's arrays; `areas` / `flags` empty for the settings' Area and
/// Flags everywhere, else one per polygon.
struct TileInput2d {
    std::int32_t tile_x = 0;
    std::int32_t tile_z = 0;
    std::uint16_t layer = 0;
    span<const DVec2> vertices;
    span<const std::uint8_t> vertex_counts;
    span<const std::uint32_t> indices;
    span<const std::uint8_t> areas;
    span<const std::uint16_t> flags;

    /// The C view; FormatError when `areas` or `flags` is neither empty nor
    /// one per polygon.
    OnavTileInput2d to_c() const {
        OnavTileInput2d c{};
        detail::fill_polygon_lists(c, *this, "TileInput2d");
        return c;
    }
};

/// A ring on the planar builder's plane (x is world X, y world Z), a view
/// of the caller's points; the last point joins the first.
using PlanarRing = span<const DVec2>;

/// A walkable region of the planar builder (OnavPlanarRegion): its outline,
/// its holes, and its area (0..63) and flags (0..65535), -1 for the
/// settings' Area / Flags.
struct PlanarRegion {
    PlanarRing outline;
    span<const PlanarRing> holes;
    std::int32_t area = -1;
    std::int32_t flags = -1;
};

/// What NavMesh::build_planar reads besides the settings
/// (OnavPlanarOutlines): walkable regions and obstacle rings nothing may
/// enter, views of the caller's arrays (the library copies them).
struct PlanarOutlines {
    span<const PlanarRegion> regions;
    span<const PlanarRing> obstacles;
};

namespace detail {

/// The C view of PlanarOutlines and the ring arrays it points into, alive
/// as long as this object.
class PlanarOutlinesC {
public:
    explicit PlanarOutlinesC(const PlanarOutlines& outlines) : obstacles_(rings(outlines.obstacles)) {
        holes_.reserve(outlines.regions.size());
        regions_.reserve(outlines.regions.size());
        for (const PlanarRegion& region : outlines.regions) {
            holes_.push_back(rings(region.holes));
            const std::vector<OnavPlanarRing>& holes = holes_.back();
            regions_.push_back(OnavPlanarRegion{ring(region.outline), holes.empty() ? nullptr : holes.data(),
                                                holes.size(), region.area, region.flags});
        }
        c_.regions = regions_.empty() ? nullptr : regions_.data();
        c_.region_count = regions_.size();
        c_.obstacles = obstacles_.empty() ? nullptr : obstacles_.data();
        c_.obstacle_count = obstacles_.size();
    }
    PlanarOutlinesC(const PlanarOutlinesC&) = delete;
    PlanarOutlinesC& operator=(const PlanarOutlinesC&) = delete;

    const OnavPlanarOutlines* get() const noexcept { return &c_; }

private:
    static OnavPlanarRing ring(PlanarRing points) { return OnavPlanarRing{data_or_null(points), points.size()}; }
    static std::vector<OnavPlanarRing> rings(span<const PlanarRing> views) {
        std::vector<OnavPlanarRing> out;
        out.reserve(views.size());
        for (PlanarRing view : views) {
            out.push_back(ring(view));
        }
        return out;
    }

    std::vector<OnavPlanarRing> obstacles_;
    std::vector<std::vector<OnavPlanarRing>> holes_;
    std::vector<OnavPlanarRegion> regions_;
    OnavPlanarOutlines c_{};
};

}  // namespace detail

/// Level triangles for the voxel builds (OnavTriangleGeometry). Builds read
/// it concurrently; add_convex_volume needs exclusive use.
class TriangleGeometry : public detail::Handle<OnavTriangleGeometry> {
public:
    using Handle::Handle;

    /// Copies world vertices and three indices per triangle; `areas` empty
    /// (the settings' Area) or one per triangle (0..63 or ONAV_UNWALKABLE).
    static TriangleGeometry create(span<const DVec3> vertices, span<const std::uint32_t> indices,
                                   span<const std::uint8_t> areas = {}) {
        if (!areas.empty()) {
            detail::require_length(areas.size(), indices.size() / 3, "TriangleGeometry areas");
        }
        return detail::make<TriangleGeometry>(::onav_triangle_geometry_create, detail::data_or_null(vertices),
                                              vertices.size(), detail::data_or_null(indices), indices.size(),
                                              detail::data_or_null(areas));
    }
    /// Marks walkable floor inside the (x, z) outline between min_y and
    /// max_y with `area`; later volumes win.
    void add_convex_volume(span<const DVec2> outline, double min_y, double max_y, std::uint8_t area) {
        detail::call(::onav_triangle_geometry_add_convex_volume, get(), detail::data_or_null(outline),
                     outline.size(), min_y, max_y, area);
    }
};

/// Progress of a voxel build: tiles `done` of `total`, called on the thread
/// that called the build. Return true to go on, false to cancel (the build
/// then throws InvalidOperationError). An exception thrown by it cancels
/// the build and is rethrown from the build call.
using BuildProgress = std::function<bool(std::size_t done, std::size_t total)>;

namespace detail {

/// Carries a BuildProgress through the C callback: the trampoline never
/// lets an exception reach the library; it keeps it, cancels, and
/// finish() rethrows it once the C call has returned.
class ProgressRelay {
public:
    explicit ProgressRelay(const BuildProgress& progress) noexcept : progress_(progress) {}

    /// The C callback, or NULL when there is no progress function.
    OnavBuildProgress callback() const noexcept { return progress_ ? &ProgressRelay::trampoline : nullptr; }
    void* user_data() noexcept { return this; }

    /// Rethrows what the progress function threw, else throws for `status`.
    void finish(std::int32_t status, const OnavError& err) const {
        if (failure_) {
            std::rethrow_exception(failure_);
        }
        check(status, err);
    }

private:
    static std::int32_t trampoline(std::size_t done, std::size_t total, void* user_data) noexcept {
        ProgressRelay* self = static_cast<ProgressRelay*>(user_data);
        try {
            return self->progress_(done, total) ? 0 : 1;
        } catch (...) {
            self->failure_ = std::current_exception();
            return 1;
        }
    }

    const BuildProgress& progress_;
    std::exception_ptr failure_;
};

/// The C handles of `classes`, in order, for the world builds.
inline std::vector<const OnavSettings*> settings_pointers(span<const NavSettings> classes) {
    std::vector<const OnavSettings*> pointers;
    pointers.reserve(classes.size());
    for (const NavSettings& settings : classes) {
        pointers.push_back(settings.get());
    }
    return pointers;
}

/// The C views of 2D tile inputs.
inline std::vector<OnavTileInput2d> tile_inputs(span<const TileInput2d> tiles) {
    std::vector<OnavTileInput2d> inputs;
    inputs.reserve(tiles.size());
    for (const TileInput2d& tile : tiles) {
        inputs.push_back(tile.to_c());
    }
    return inputs;
}

}  // namespace detail

/// A tier-1 navigation mesh (OnavNavMesh): a tiled mesh with the settings
/// it was built with. Const members may run concurrently; rebuilds need
/// exclusive use.
class NavMesh : public detail::Handle<OnavNavMesh> {
public:
    using Handle::Handle;

    /// An empty mesh over the settings' grid (settings copied).
    static NavMesh create(const NavSettings& settings) {
        return detail::make<NavMesh>(::onav_nav_mesh_new, settings.get());
    }
    /// NavMesh.Build for the 2D path.
    static NavMesh build_2d(const NavSettings& settings, span<const TileInput2d> tiles) {
        std::vector<OnavTileInput2d> inputs = detail::tile_inputs(tiles);
        return detail::make<NavMesh>(::onav_nav_mesh_build_2d, settings.get(), inputs.data(), inputs.size());
    }
    /// NavMesh.BuildPlanar, the exact 2D builder (docs/BUILD_PLANAR.md):
    /// regions minus obstacles, the agent radius kept clear, on the
    /// SnapBits lattice; equal input gives equal bytes. OutOfRangeError for
    /// a coordinate that is not finite or outside ±2^21, an area or flags
    /// value out of range or an unusable lattice; FormatError for a ring
    /// with fewer than three distinct points or one touching itself.
    static NavMesh build_planar(const NavSettings& settings, const PlanarOutlines& outlines) {
        detail::PlanarOutlinesC c(outlines);
        return detail::make<NavMesh>(::onav_nav_mesh_build_planar, settings.get(), c.get());
    }
    /// NavMesh.Build for the 3D path (the voxel builder); `progress` as
    /// BuildProgress says.
    static NavMesh build_3d(const NavSettings& settings, const TriangleGeometry& geometry,
                            const BuildProgress& progress = {}) {
        detail::ProgressRelay relay(progress);
        OnavNavMesh* raw = nullptr;
        OnavError err;
        std::int32_t status = ::onav_nav_mesh_build_3d(settings.get(), geometry.get(), relay.callback(),
                                                       relay.user_data(), &raw, &err);
        NavMesh built(raw);
        relay.finish(status, err);
        return built;
    }
    /// NavMesh.Load: an ONNM envelope with the settings it carries.
    static NavMesh load(span<const std::uint8_t> bytes) {
        return detail::make<NavMesh>(::onav_nav_mesh_load, detail::data_or_null(bytes), bytes.size());
    }
    /// Bare ONPM bytes or an ONNM envelope with caller-supplied settings
    /// (FingerprintError when they do not give the mesh's parameters).
    static NavMesh load_with(const NavSettings& settings, span<const std::uint8_t> bytes) {
        return detail::make<NavMesh>(::onav_nav_mesh_load_with, settings.get(), detail::data_or_null(bytes),
                                     bytes.size());
    }

    /// Rebuilds one tile from 2D input (added or replaced); its TileRef.
    TileRef rebuild_tile_2d(const TileInput2d& input) {
        OnavTileInput2d c = input.to_c();
        return detail::value<TileRef>(::onav_nav_mesh_rebuild_tile_2d, get(), &c);
    }
    /// Rebuilds a tile column from `geometry`; the number of tiles it holds
    /// afterwards (0: the column was emptied).
    std::size_t rebuild_tile_3d(const TriangleGeometry& geometry, std::int32_t tile_x, std::int32_t tile_z) {
        return detail::value<std::size_t>(::onav_nav_mesh_rebuild_tile_3d, get(), geometry.get(), tile_x, tile_z);
    }
    /// Rebuilds tile (tile_x, tile_z) from changed outlines exactly as
    /// build_planar cuts it; the number of tiles it holds afterwards (0:
    /// no free space is left there and the tile was removed).
    std::size_t rebuild_tile_planar(const PlanarOutlines& outlines, std::int32_t tile_x, std::int32_t tile_z) {
        detail::PlanarOutlinesC c(outlines);
        return detail::value<std::size_t>(::onav_nav_mesh_rebuild_tile_planar, get(), c.get(), tile_x, tile_z);
    }
    /// NavMesh.Save: the ONNM envelope.
    std::vector<std::uint8_t> save() const { return detail::collect_from<std::uint8_t>(::onav_nav_mesh_save, get()); }
    /// The bare ONPM bytes of its tiled mesh.
    std::vector<std::uint8_t> write_mesh() const {
        return detail::collect_from<std::uint8_t>(::onav_nav_mesh_write_mesh, get());
    }
    /// A copy of the settings; changing it does not change the mesh.
    NavSettings settings() const { return detail::make<NavSettings>(::onav_nav_mesh_settings, get()); }
    /// The parameters, settings digest included.
    Params params() const { return detail::value<Params>(::onav_nav_mesh_params, get()); }
    /// A cheap, independent clone of its tiled mesh.
    TiledNavMesh mesh_clone() const { return detail::make<TiledNavMesh>(::onav_nav_mesh_mesh_clone, get()); }
};

/// The meshes of several agent classes over one input (OnavNavWorld), in
/// class order. Every member is const: one world may serve many threads.
class NavWorld : public detail::Handle<OnavNavWorld> {
public:
    using Handle::Handle;

    /// One 2D build per class, in the order given.
    static NavWorld build_2d(span<const NavSettings> classes, span<const TileInput2d> tiles) {
        std::vector<const OnavSettings*> pointers = detail::settings_pointers(classes);
        std::vector<OnavTileInput2d> inputs = detail::tile_inputs(tiles);
        return detail::make<NavWorld>(::onav_nav_world_build_2d, pointers.data(), pointers.size(), inputs.data(),
                                      inputs.size());
    }
    /// One exact 2D build per class, in the order given.
    static NavWorld build_planar(span<const NavSettings> classes, const PlanarOutlines& outlines) {
        std::vector<const OnavSettings*> pointers = detail::settings_pointers(classes);
        detail::PlanarOutlinesC c(outlines);
        return detail::make<NavWorld>(::onav_nav_world_build_planar, pointers.data(), pointers.size(), c.get());
    }
    /// One voxel build per class; progress counts every class's tiles.
    static NavWorld build_3d(span<const NavSettings> classes, const TriangleGeometry& geometry,
                             const BuildProgress& progress = {}) {
        std::vector<const OnavSettings*> pointers = detail::settings_pointers(classes);
        detail::ProgressRelay relay(progress);
        OnavNavWorld* raw = nullptr;
        OnavError err;
        std::int32_t status = ::onav_nav_world_build_3d(pointers.data(), pointers.size(), geometry.get(),
                                                        relay.callback(), relay.user_data(), &raw, &err);
        NavWorld built(raw);
        relay.finish(status, err);
        return built;
    }
    /// Reads an ONNW envelope.
    static NavWorld load(span<const std::uint8_t> bytes) {
        return detail::make<NavWorld>(::onav_nav_world_load, detail::data_or_null(bytes), bytes.size());
    }

    /// The number of classes (at least 1).
    std::size_t class_count() const { return detail::value<std::size_t>(::onav_nav_world_class_count, get()); }
    /// A cheap clone of class `index`'s mesh (NotFoundError past the last).
    NavMesh clone_class(std::uint32_t index) const {
        return detail::make<NavMesh>(::onav_nav_world_class, get(), index);
    }
    /// ClassFor(radius): the smallest AgentRadius >= radius, else the largest.
    std::uint32_t class_for(float radius) const {
        return detail::value<std::uint32_t>(::onav_nav_world_class_for, get(), radius);
    }
    /// The ONNW envelope.
    std::vector<std::uint8_t> save() const { return detail::collect_from<std::uint8_t>(::onav_nav_world_save, get()); }
};

// ---- Detour import ----------------------------------------------------------

/// Max slope 45 degrees, boundary tolerance a quarter cell.
inline DetourImportOptions default_detour_import_options() {
    return detail::value<DetourImportOptions>(::onav_import_detour_options_default);
}

// ---- Queries ------------------------------------------------------------------

/// Every flag included, none excluded, cost 1 in every area.
inline QueryFilter default_query_filter() { return detail::value<QueryFilter>(::onav_query_filter_default); }

/// A corridor of PolyRefs and how its search ended.
struct Path {
    std::vector<PolyRef> corridor;
    PathOutcome outcome;
};

/// A straight path and ONAV_PATH_COMPLETE or ONAV_PATH_PARTIAL.
struct StraightPath {
    std::vector<StraightPathVertex> vertices;
    std::int32_t status;
};

/// An exact shortest path (straight-path vertices) and how its search
/// ended: ONAV_SHORTEST_PATH_COMPLETE with the length, or _UNREACHABLE /
/// _OUT_OF_NODES with no vertices.
struct ShortestPath {
    std::vector<StraightPathVertex> vertices;
    ShortestPathOutcome outcome;
};

/// A raycast's answer and the polygons crossed.
struct Raycast {
    RaycastHit hit;
    std::vector<PolyRef> polygons;
};

/// Where a surface move ended and the polygons visited.
struct SurfaceWalk {
    SurfaceMove move;
    std::vector<PolyRef> visited;
};

/// Polygons of a circle search and ONAV_SEARCH_COMPLETE / _OUT_OF_NODES.
struct PolysAroundCircle {
    std::vector<PolyAround> polygons;
    std::int32_t status;
};

/// Polygons of a local neighbourhood and the search status.
struct LocalNeighbourhood {
    std::vector<NeighbourPoly> polygons;
    std::int32_t status;
};

/// A random point around a circle and the search status.
struct RandomPointAround {
    RandomPoint point;
    std::int32_t status;
};

/// A polygon's surface height under or over a position.
struct PolyHeight {
    bool over;
    double height;
};

/// The X/Z-plus-off-mesh length of a straight path (docs/QUERIES.md).
inline double straight_path_length(span<const StraightPathVertex> vertices) {
    return detail::value<double>(::onav_straight_path_length, detail::data_or_null(vertices), vertices.size());
}

/// Queries over one version of a mesh (OnavQuery): a cheap clone taken at
/// creation or set_mesh, so the host may edit or free its mesh meanwhile.
/// One thread at a time per query (searches write its nodes); many queries
/// over clones run concurrently. Warm queries do not allocate inside the
/// library; the vectors the wrapper returns are the caller's.
class NavMeshQuery : public detail::Handle<OnavQuery> {
public:
    using Handle::Handle;

    /// A first guess at a result's length, so most searches run once.
    static constexpr std::size_t initial_capacity = 32;

    /// A query over `mesh` as it is now; searches create up to `max_nodes`
    /// nodes each (0 is OutOfRangeError).
    static NavMeshQuery create(const TiledNavMesh& mesh, std::uint32_t max_nodes) {
        return detail::make<NavMeshQuery>(::onav_query_new, mesh.get(), max_nodes);
    }
    /// As create, over a tier-1 mesh's tiled mesh.
    static NavMeshQuery for_nav_mesh(const NavMesh& nav_mesh, std::uint32_t max_nodes) {
        return detail::make<NavMeshQuery>(::onav_query_new_for_nav_mesh, nav_mesh.get(), max_nodes);
    }
    /// As create, over the class of `world` an agent of `radius` walks.
    static NavMeshQuery for_agent(const NavWorld& world, float radius, std::uint32_t max_nodes) {
        return detail::make<NavMeshQuery>(::onav_query_new_for_agent, world.get(), radius, max_nodes);
    }

    /// Moves the query to `mesh` as it is now, keeping its buffers; a sliced
    /// search in progress ends.
    void set_mesh(const TiledNavMesh& mesh) { detail::call(::onav_query_set_mesh, get(), mesh.get()); }
    /// The largest node budget; may run concurrently.
    std::uint32_t max_nodes() const { return detail::value<std::uint32_t>(::onav_query_max_nodes, get()); }
    /// Whether the reference names a polygon the filter lets a query use.
    bool is_valid_poly_ref(PolyRef poly_ref, const QueryFilter& filter) {
        return detail::value<std::uint8_t>(::onav_query_is_valid_poly_ref, get(), poly_ref, &filter) != 0;
    }

    /// The polygon nearest `center` in the box center ± half_extents
    /// (poly_ref 0 when there is none).
    NearestPoly find_nearest_poly(DVec3 center, DVec3 half_extents, const QueryFilter& filter) {
        return detail::value<NearestPoly>(::onav_query_find_nearest_poly, get(), center, half_extents, &filter);
    }
    /// The polygons passing the filter whose bounds overlap the box.
    std::vector<PolyRef> polygons(DVec3 center, DVec3 half_extents, const QueryFilter& filter) {
        return detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_polygons(get(), center, half_extents, &filter, buf, cap, len, err);
            },
            initial_capacity);
    }

    /// The cheapest corridor from start_ref (holding start) to end_ref
    /// (holding end), creating at most `budget` nodes.
    Path find_path(PolyRef start_ref, PolyRef end_ref, DVec3 start, DVec3 end, const QueryFilter& filter,
                   std::uint32_t budget) {
        Path path{};
        path.corridor = detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_find_path(get(), start_ref, end_ref, start, end, &filter, budget, buf, cap, len,
                                              &path.outcome, err);
            },
            initial_capacity);
        return path;
    }

    /// Starts a sliced search (arguments and errors of find_path).
    void init_sliced_find_path(PolyRef start_ref, PolyRef end_ref, DVec3 start, DVec3 end, const QueryFilter& filter,
                               std::uint32_t budget) {
        detail::call(::onav_query_init_sliced_find_path, get(), start_ref, end_ref, start, end, &filter, budget);
    }
    /// Expands at most `max_iterations` nodes (InvalidOperationError
    /// without a search under way).
    SliceProgress update_sliced_find_path(std::uint32_t max_iterations) {
        return detail::value<SliceProgress>(::onav_query_update_sliced_find_path, get(), max_iterations);
    }
    /// Ends the sliced search with its corridor (partial when unfinished).
    Path finalize_sliced_find_path() {
        Path path{};
        path.corridor = detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_finalize_sliced_find_path(get(), buf, cap, len, &path.outcome, err);
            },
            initial_capacity);
        return path;
    }
    /// As finalize_sliced_find_path, keeping the part of `existing` (a
    /// corridor being replaced) the search reached.
    Path finalize_sliced_find_path_partial(span<const PolyRef> existing) {
        Path path{};
        path.corridor = detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_finalize_sliced_find_path_partial(get(), detail::data_or_null(existing),
                                                                      existing.size(), buf, cap, len,
                                                                      &path.outcome, err);
            },
            initial_capacity);
        return path;
    }

    /// The straight path through `corridor`; `crossings` one of
    /// ONAV_STRAIGHT_PATH_CROSSINGS_*.
    StraightPath find_straight_path(span<const PolyRef> corridor, DVec3 start, DVec3 end,
                                    std::int32_t crossings = ONAV_STRAIGHT_PATH_CROSSINGS_NONE) {
        StraightPath path{};
        path.vertices = detail::collect<StraightPathVertex>(
            [&](StraightPathVertex* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_find_straight_path(get(), detail::data_or_null(corridor), corridor.size(), start,
                                                       end, crossings, buf, cap, len, &path.status, err);
            },
            initial_capacity);
        return path;
    }

    /// The exact shortest path from `start` to `end` (docs/QUERIES.md,
    /// "Exact shortest paths"), not the string-pulled cheapest corridor;
    /// InvalidOperationError for a filter whose included areas do not all
    /// cost the same, InvalidReferenceError for a null or stale reference.
    ShortestPath find_shortest_path(PolyRef start_ref, PolyRef end_ref, DVec3 start, DVec3 end,
                                    const QueryFilter& filter) {
        ShortestPath path{};
        path.vertices = detail::collect<StraightPathVertex>(
            [&](StraightPathVertex* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_find_shortest_path(get(), start_ref, end_ref, start, end, &filter, buf, cap, len,
                                                       &path.outcome, err);
            },
            initial_capacity);
        return path;
    }

    /// Casts start → end in X/Z from start_ref; `options` 0 or
    /// ONAV_RAYCAST_PATH_COST.
    Raycast raycast(PolyRef start_ref, DVec3 start, DVec3 end, const QueryFilter& filter, std::uint32_t options = 0) {
        Raycast ray{};
        ray.polygons = detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_raycast(get(), start_ref, start, end, &filter, options, buf, cap, len, &ray.hit,
                                            err);
            },
            initial_capacity);
        return ray;
    }

    /// Moves from start toward end over the surface in X/Z.
    SurfaceWalk move_along_surface(PolyRef start_ref, DVec3 start, DVec3 end, const QueryFilter& filter) {
        SurfaceWalk walk{};
        walk.visited = detail::collect<PolyRef>(
            [&](PolyRef* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_move_along_surface(get(), start_ref, start, end, &filter, buf, cap, len,
                                                       &walk.move, err);
            },
            initial_capacity);
        return walk;
    }

    /// The polygons reached through openings the circle touches, in cost
    /// order.
    PolysAroundCircle find_polys_around_circle(PolyRef start_ref, DVec3 center, double radius,
                                               const QueryFilter& filter) {
        PolysAroundCircle found{};
        found.polygons = detail::collect<PolyAround>(
            [&](PolyAround* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_find_polys_around_circle(get(), start_ref, center, radius, &filter, buf, cap, len,
                                                             &found.status, err);
            },
            initial_capacity);
        return found;
    }

    /// The non-overlapping polygons reached breadth-first within the circle.
    LocalNeighbourhood find_local_neighbourhood(PolyRef start_ref, DVec3 center, double radius,
                                                const QueryFilter& filter) {
        LocalNeighbourhood found{};
        found.polygons = detail::collect<NeighbourPoly>(
            [&](NeighbourPoly* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_find_local_neighbourhood(get(), start_ref, center, radius, &filter, buf, cap, len,
                                                             &found.status, err);
            },
            initial_capacity);
        return found;
    }

    /// The nearest wall within `radius` a circle search reaches.
    WallDistance find_distance_to_wall(PolyRef start_ref, DVec3 center, double radius, const QueryFilter& filter) {
        return detail::value<WallDistance>(::onav_query_find_distance_to_wall, get(), start_ref, center, radius,
                                           &filter);
    }

    /// A point drawn with `seed` over the polygons the filter passes.
    RandomPoint find_random_point(const QueryFilter& filter, std::uint64_t seed) {
        return detail::value<RandomPoint>(::onav_query_find_random_point, get(), &filter, seed);
    }
    /// A point drawn with `seed` among the polygons a circle search finds.
    RandomPointAround find_random_point_around_circle(PolyRef start_ref, DVec3 center, double radius,
                                                      const QueryFilter& filter, std::uint64_t seed) {
        RandomPointAround out{};
        detail::call(::onav_query_find_random_point_around_circle, get(), start_ref, center, radius, &filter, seed,
                     &out.point, &out.status);
        return out;
    }

    /// The polygon's point nearest `position` (on its surface when over it).
    ClosestPoint closest_point_on_poly(PolyRef poly_ref, DVec3 position) {
        return detail::value<ClosestPoint>(::onav_query_closest_point_on_poly, get(), poly_ref, position);
    }
    /// The boundary point nearest `position`, or `position` when over it.
    DVec3 closest_point_on_poly_boundary(PolyRef poly_ref, DVec3 position) {
        return detail::value<DVec3>(::onav_query_closest_point_on_poly_boundary, get(), poly_ref, position);
    }
    /// The surface height over or under `position` (over false: 0.0).
    PolyHeight poly_height(PolyRef poly_ref, DVec3 position) {
        std::uint8_t over = 0;
        PolyHeight out{};
        detail::call(::onav_query_poly_height, get(), poly_ref, position, &over, &out.height);
        out.over = over != 0;
        return out;
    }
    /// The polygon's walls and, with include_portals, its portal segments.
    std::vector<WallSegment> poly_wall_segments(PolyRef poly_ref, const QueryFilter& filter, bool include_portals) {
        std::uint8_t portals = include_portals ? 1 : 0;
        return detail::collect<WallSegment>(
            [&](WallSegment* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_query_poly_wall_segments(get(), poly_ref, &filter, portals, buf, cap, len, err);
            },
            initial_capacity);
    }
};

// ---- Crowds -------------------------------------------------------------------

/// onav_agent_params_default: DetourCrowd's proportions for an agent of
/// `radius` and `height` (OutOfRangeError unless both are finite and > 0).
inline AgentParams agent_params_default(double radius, double height) {
    return detail::value<AgentParams>(::onav_agent_params_default, radius, height);
}
/// onav_crowd_settings_default: dt 1/30 s, 4096 nodes, placement box
/// (2, 4, 2), topology optimisation every 0.5 s.
inline CrowdSettings crowd_settings_default() { return detail::value<CrowdSettings>(::onav_crowd_settings_default); }

/// Agents steered over one version of a mesh (OnavCrowd), stepped by a
/// fixed dt. A removed agent's handle is stale: using it throws
/// InvalidReferenceError. Const members may run concurrently; the rest
/// need exclusive use.
class Crowd : public detail::Handle<OnavCrowd> {
public:
    using Handle::Handle;

    /// An empty crowd over `mesh` as it is now (a cheap clone).
    static Crowd create(const TiledNavMesh& mesh, const CrowdSettings& settings = crowd_settings_default()) {
        return detail::make<Crowd>(::onav_crowd_new, mesh.get(), &settings);
    }
    /// As create, over a tier-1 mesh's tiled mesh.
    static Crowd for_nav_mesh(const NavMesh& nav_mesh, const CrowdSettings& settings = crowd_settings_default()) {
        return detail::make<Crowd>(::onav_crowd_new_for_nav_mesh, nav_mesh.get(), &settings);
    }

    /// Moves the crowd to a later version of its mesh.
    void set_mesh(const TiledNavMesh& mesh) { detail::call(::onav_crowd_set_mesh, get(), mesh.get()); }
    /// As set_mesh, with a tier-1 mesh's tiled mesh.
    void set_nav_mesh(const NavMesh& nav_mesh) { detail::call(::onav_crowd_set_nav_mesh, get(), nav_mesh.get()); }
    /// Advances every agent by one tick, on the library's thread pool.
    void step() { detail::call(::onav_crowd_step, get()); }
    /// Advances every agent by one tick with all of the work on the calling
    /// thread (no thread pool): the same bits as step().
    void step_on_calling_thread() { detail::call(::onav_crowd_step_on_calling_thread, get()); }
    /// Ticks stepped so far.
    std::uint64_t tick() const { return detail::value<std::uint64_t>(::onav_crowd_tick, get()); }
    /// The number of agents.
    std::size_t agent_count() const { return detail::value<std::size_t>(::onav_crowd_agent_count, get()); }
    /// SHA-256 over the tick and every agent (equal hashes: equal crowds).
    CrowdHash state_hash() const { return detail::value<CrowdHash>(::onav_crowd_state_hash, get()); }
    /// Every agent's state, in slot order.
    std::vector<AgentState> read_agents() const {
        return detail::collect<AgentState>(
            [&](AgentState* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_crowd_read_agents(get(), buf, cap, len, err);
            },
            agent_count());
    }

    /// Adds an agent at the polygon point nearest `position`.
    AgentHandle add_agent(DVec3 position, const AgentParams& params) {
        return detail::value<AgentHandle>(::onav_crowd_add_agent, get(), position, &params);
    }
    /// Removes the agent; its handle is stale from now on.
    void remove_agent(AgentHandle agent) { detail::call(::onav_crowd_remove_agent, get(), agent); }
    /// Teleports the agent to the polygon point nearest `position`.
    void set_position(AgentHandle agent, DVec3 position) {
        detail::call(::onav_crowd_set_position, get(), agent, position);
    }
    /// Replaces the agent's parameters, keeping it where it stands with its
    /// state and target; a new filter searches its path again.
    void set_agent_params(AgentHandle agent, const AgentParams& params) {
        detail::call(::onav_crowd_set_agent_params, get(), agent, &params);
    }
    /// The agent's parameters.
    AgentParams agent_params(AgentHandle agent) const {
        return detail::value<AgentParams>(::onav_crowd_agent_params, get(), agent);
    }
    /// The agent's corners as of the last step (the next turns of its path).
    std::vector<StraightPathVertex> agent_corners(AgentHandle agent) const {
        return detail::collect_from<StraightPathVertex>(::onav_crowd_agent_corners, get(), agent);
    }
    /// The agent's corridor as of the last step, from its own polygon.
    std::vector<PolyRef> agent_corridor(AgentHandle agent) const {
        return detail::collect_from<PolyRef>(::onav_crowd_agent_corridor, get(), agent);
    }
    /// Asks the agent to walk to `target`.
    void request_move_target(AgentHandle agent, DVec3 target) {
        detail::call(::onav_crowd_request_move_target, get(), agent, target);
    }
    /// Asks the agent to walk with `velocity` until another request.
    void request_move_velocity(AgentHandle agent, DVec3 velocity) {
        detail::call(::onav_crowd_request_move_velocity, get(), agent, velocity);
    }
    /// Drops the agent's target or velocity.
    void reset_move_target(AgentHandle agent) { detail::call(::onav_crowd_reset_move_target, get(), agent); }
    /// Ends the agent's off-mesh traversal (InvalidOperationError when it
    /// is not on a link).
    void complete_off_mesh_link(AgentHandle agent) {
        detail::call(::onav_crowd_complete_off_mesh_link, get(), agent);
    }
};

/// The spec's WorldCrowd (OnavWorldCrowd): one crowd per agent class of a
/// NavWorld; an agent joins the class ClassFor(radius) picks.
class WorldCrowd : public detail::Handle<OnavWorldCrowd> {
public:
    using Handle::Handle;

    /// An empty crowd per class of `world` as it is now.
    static WorldCrowd create(const NavWorld& world, const CrowdSettings& settings = crowd_settings_default()) {
        return detail::make<WorldCrowd>(::onav_world_crowd_new, world.get(), &settings);
    }

    /// Moves every class to its mesh in a later version of the world.
    void set_world(const NavWorld& world) { detail::call(::onav_world_crowd_set_world, get(), world.get()); }
    /// Steps every class by one tick, in class order.
    void step() { detail::call(::onav_world_crowd_step, get()); }
    /// As step(), with all of the work on the calling thread: the same bits.
    void step_on_calling_thread() { detail::call(::onav_world_crowd_step_on_calling_thread, get()); }
    /// The number of classes.
    std::uint32_t class_count() const { return detail::value<std::uint32_t>(::onav_world_crowd_class_count, get()); }
    /// ClassFor(radius) of the world version the crowd walks.
    std::uint32_t class_for(double radius) const {
        return detail::value<std::uint32_t>(::onav_world_crowd_class_for, get(), radius);
    }
    /// Ticks stepped so far.
    std::uint64_t tick() const { return detail::value<std::uint64_t>(::onav_world_crowd_tick, get()); }
    /// The number of agents of every class.
    std::size_t agent_count() const { return detail::value<std::size_t>(::onav_world_crowd_agent_count, get()); }
    /// SHA-256 over the class count and each class's crowd hash.
    CrowdHash state_hash() const { return detail::value<CrowdHash>(::onav_world_crowd_state_hash, get()); }
    /// Every agent of every class, class after class, each in slot order.
    std::vector<AgentState> read_agents() const {
        return detail::collect<AgentState>(
            [&](AgentState* buf, std::size_t cap, std::size_t* len, OnavError* err) {
                return ::onav_world_crowd_read_agents(get(), buf, cap, len, err);
            },
            agent_count());
    }

    /// Adds an agent to the class class_for(params.radius) picks.
    WorldAgentHandle add_agent(DVec3 position, const AgentParams& params) {
        return detail::value<WorldAgentHandle>(::onav_world_crowd_add_agent, get(), position, &params);
    }
    /// Adds an agent to class `class_index` (OutOfRangeError past the last).
    WorldAgentHandle add_agent_to_class(std::uint32_t class_index, DVec3 position, const AgentParams& params) {
        return detail::value<WorldAgentHandle>(::onav_world_crowd_add_agent_to_class, get(), class_index, position,
                                               &params);
    }
    /// Removes the agent; its handle is stale from now on.
    void remove_agent(WorldAgentHandle agent) { detail::call(::onav_world_crowd_remove_agent, get(), agent); }
    /// Teleports the agent to the polygon point nearest `position`.
    void set_position(WorldAgentHandle agent, DVec3 position) {
        detail::call(::onav_world_crowd_set_position, get(), agent, position);
    }
    /// Replaces the agent's parameters; the agent stays in its class.
    void set_agent_params(WorldAgentHandle agent, const AgentParams& params) {
        detail::call(::onav_world_crowd_set_agent_params, get(), agent, &params);
    }
    /// The agent's parameters.
    AgentParams agent_params(WorldAgentHandle agent) const {
        return detail::value<AgentParams>(::onav_world_crowd_agent_params, get(), agent);
    }
    /// The agent's corners as of the last step.
    std::vector<StraightPathVertex> agent_corners(WorldAgentHandle agent) const {
        return detail::collect_from<StraightPathVertex>(::onav_world_crowd_agent_corners, get(), agent);
    }
    /// The agent's corridor as of the last step.
    std::vector<PolyRef> agent_corridor(WorldAgentHandle agent) const {
        return detail::collect_from<PolyRef>(::onav_world_crowd_agent_corridor, get(), agent);
    }
    /// Asks the agent to walk to `target`.
    void request_move_target(WorldAgentHandle agent, DVec3 target) {
        detail::call(::onav_world_crowd_request_move_target, get(), agent, target);
    }
    /// Asks the agent to walk with `velocity` until another request.
    void request_move_velocity(WorldAgentHandle agent, DVec3 velocity) {
        detail::call(::onav_world_crowd_request_move_velocity, get(), agent, velocity);
    }
    /// Drops the agent's target or velocity.
    void reset_move_target(WorldAgentHandle agent) {
        detail::call(::onav_world_crowd_reset_move_target, get(), agent);
    }
    /// Ends the agent's off-mesh traversal.
    void complete_off_mesh_link(WorldAgentHandle agent) {
        detail::call(::onav_world_crowd_complete_off_mesh_link, get(), agent);
    }
};

}  // namespace onav

// ---- Agent handle comparison ---------------------------------------------------
// Agent handles are plain data compared by slot and generation (and class).
// The operators live beside the C structs, in the global namespace, so that
// argument-dependent lookup finds them for onav::AgentHandle and for the
// handle inside an AgentState alike.

inline bool operator==(const OnavAgentHandle& a, const OnavAgentHandle& b) noexcept {
    return a.index == b.index && a.generation == b.generation;
}
inline bool operator!=(const OnavAgentHandle& a, const OnavAgentHandle& b) noexcept { return !(a == b); }
inline bool operator==(const OnavWorldAgentHandle& a, const OnavWorldAgentHandle& b) noexcept {
    return a.class_index == b.class_index && a.agent == b.agent;
}
inline bool operator!=(const OnavWorldAgentHandle& a, const OnavWorldAgentHandle& b) noexcept { return !(a == b); }

#endif  // ONAV_HPP

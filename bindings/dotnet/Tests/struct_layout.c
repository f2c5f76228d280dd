/* The C side of the struct-size test: sizes and a few field offsets of
 * onav.h's structs as the C compiler lays them out, looked up by name from
 * C# (StructLayoutTests), so the managed mirrors are checked against the
 * compiler rather than against numbers written by hand. */
#include <stddef.h>
#include <string.h>

#include "onav.h"

#define SIZE(T) { #T, sizeof(T) }
#define OFFSET(T, field) { #T "." #field, offsetof(T, field) }

struct layout_entry {
    const char *name;
    size_t value;
};

static const struct layout_entry layout[] = {
    SIZE(OnavError), SIZE(OnavParams), SIZE(OnavFingerprint), SIZE(OnavContentId),
    SIZE(OnavVec3), SIZE(OnavDVec3), SIZE(OnavDVec2), SIZE(OnavPolygon),
    SIZE(OnavDetailMesh), SIZE(OnavDetailTriangle), SIZE(OnavOffMeshLink), SIZE(OnavTileData),
    SIZE(OnavTileInfo), SIZE(OnavPolygonInfo), SIZE(OnavDebugPolygon), SIZE(OnavDebugLink),
    SIZE(OnavLink), SIZE(OnavTileInput2d), SIZE(OnavOffMeshLinkDefinition), SIZE(OnavTilePolygons),
    SIZE(OnavDetourImportOptions), SIZE(OnavQueryFilter), SIZE(OnavWallDistance), SIZE(OnavPathOutcome),
    SIZE(OnavNeighbourPoly), SIZE(OnavSurfaceMove), SIZE(OnavNearestPoly), SIZE(OnavPolyAround),
    SIZE(OnavRandomPoint), SIZE(OnavRaycastHit), SIZE(OnavSliceProgress), SIZE(OnavStraightPathVertex),
    SIZE(OnavClosestPoint), SIZE(OnavWallSegment),
    SIZE(OnavAgentParams), SIZE(OnavCrowdSettings), SIZE(OnavAgentHandle), SIZE(OnavWorldAgentHandle),
    SIZE(OnavOffMeshTraversal), SIZE(OnavAgentState), SIZE(OnavCrowdHash),
    SIZE(OnavShortestPathOutcome), SIZE(OnavPlanarRing), SIZE(OnavPlanarRegion), SIZE(OnavPlanarOutlines),
    OFFSET(OnavError, message), OFFSET(OnavParams, settings_digest), OFFSET(OnavParams, walkable_climb),
    OFFSET(OnavTileData, off_mesh_link_count), OFFSET(OnavTileInfo, vertex_count),
    OFFSET(OnavPolygonInfo, portal_sides), OFFSET(OnavDebugPolygon, flags), OFFSET(OnavDebugPolygon, vertex_count),
    OFFSET(OnavLink, off_mesh_index), OFFSET(OnavTileInput2d, flags), OFFSET(OnavTilePolygons, flags),
    OFFSET(OnavOffMeshLinkDefinition, user_id), OFFSET(OnavQueryFilter, area_costs),
    OFFSET(OnavWallDistance, status), OFFSET(OnavNearestPoly, over_polygon), OFFSET(OnavRaycastHit, path_cost),
    OFFSET(OnavRaycastHit, wall_edge), OFFSET(OnavStraightPathVertex, poly_ref), OFFSET(OnavWallSegment, neighbour),
    OFFSET(OnavAgentParams, filter), OFFSET(OnavAgentParams, max_neighbours), OFFSET(OnavAgentParams, update_flags),
    OFFSET(OnavAgentParams, turn_style),
    OFFSET(OnavCrowdSettings, placement_half_extents), OFFSET(OnavAgentState, state),
    OFFSET(OnavAgentState, has_target), OFFSET(OnavAgentState, target), OFFSET(OnavAgentState, off_mesh_link),
    OFFSET(OnavShortestPathOutcome, nodes), OFFSET(OnavPlanarRegion, area), OFFSET(OnavPlanarOutlines, obstacle_count),
};

/* The size ("OnavParams") or offset ("OnavParams.settings_digest") named,
 * or (size_t)-1 for a name not in the table. */
#if defined(_WIN32)
__declspec(dllexport)
#else
__attribute__((visibility("default")))
#endif
size_t onav_test_layout(const char *name)
{
    for (size_t i = 0; i < sizeof layout / sizeof layout[0]; i++) {
        if (strcmp(layout[i].name, name) == 0) return layout[i].value;
    }
    return (size_t)-1;
}

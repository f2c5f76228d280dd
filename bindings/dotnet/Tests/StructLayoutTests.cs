// Every blittable mirror has the C compiler's size, and the fields most
// likely to be misplaced (after padding, after inline arrays) its offsets.
using System;
using System.Runtime.InteropServices;

namespace Onav.Tests
{
    static class StructLayoutTests
    {
        [DllImport("onav_struct_layout", CallingConvention = CallingConvention.Cdecl)]
        static extern UIntPtr onav_test_layout([MarshalAs(UnmanagedType.LPStr)] string name);

        static readonly object[] Sizes =
        {
            typeof(NativeError), "OnavError", typeof(NavMeshParams), "OnavParams",
            typeof(NativeDigest), "OnavFingerprint", typeof(NativeDigest), "OnavContentId",
            typeof(Float3), "OnavVec3", typeof(Double3), "OnavDVec3", typeof(Double2), "OnavDVec2",
            typeof(NavPolygon), "OnavPolygon", typeof(NavDetailMesh), "OnavDetailMesh",
            typeof(NavDetailTriangle), "OnavDetailTriangle", typeof(NavOffMeshLink), "OnavOffMeshLink",
            typeof(NativeTileData), "OnavTileData", typeof(NavTileInfo), "OnavTileInfo",
            typeof(NativePolygonInfo), "OnavPolygonInfo", typeof(NativeDebugPolygon), "OnavDebugPolygon",
            typeof(NavDebugLink), "OnavDebugLink", typeof(NavLink), "OnavLink",
            typeof(NativeTileInput2D), "OnavTileInput2d", typeof(OffMeshLinkDefinition), "OnavOffMeshLinkDefinition",
            typeof(NativeTilePolygons), "OnavTilePolygons", typeof(DetourImportOptions), "OnavDetourImportOptions",
            typeof(NativeQueryFilter), "OnavQueryFilter", typeof(WallDistance), "OnavWallDistance",
            typeof(PathOutcome), "OnavPathOutcome", typeof(NeighbourPoly), "OnavNeighbourPoly",
            typeof(SurfaceMove), "OnavSurfaceMove", typeof(NearestPoly), "OnavNearestPoly",
            typeof(PolyAround), "OnavPolyAround", typeof(RandomPoint), "OnavRandomPoint",
            typeof(RaycastHit), "OnavRaycastHit", typeof(SliceProgress), "OnavSliceProgress",
            typeof(StraightPathVertex), "OnavStraightPathVertex", typeof(ClosestPoint), "OnavClosestPoint",
            typeof(WallSegment), "OnavWallSegment",
            typeof(AgentParams), "OnavAgentParams", typeof(CrowdSettings), "OnavCrowdSettings",
            typeof(AgentHandle), "OnavAgentHandle", typeof(WorldAgentHandle), "OnavWorldAgentHandle",
            typeof(OffMeshTraversal), "OnavOffMeshTraversal", typeof(AgentState), "OnavAgentState",
            typeof(NativeCrowdHash), "OnavCrowdHash",
            typeof(ShortestPathOutcome), "OnavShortestPathOutcome",
            typeof(NativePlanarRing), "OnavPlanarRing", typeof(NativePlanarRegion), "OnavPlanarRegion",
            typeof(NativePlanarOutlines), "OnavPlanarOutlines",
        };

        static readonly object[] Offsets =
        {
            typeof(NativeError), "Message", "OnavError.message",
            typeof(NavMeshParams), "SettingsDigest", "OnavParams.settings_digest",
            typeof(NavMeshParams), "WalkableClimb", "OnavParams.walkable_climb",
            typeof(NativeTileData), "OffMeshLinkCount", "OnavTileData.off_mesh_link_count",
            typeof(NavTileInfo), "VertexCount", "OnavTileInfo.vertex_count",
            typeof(NativePolygonInfo), "PortalSides", "OnavPolygonInfo.portal_sides",
            typeof(NativeDebugPolygon), "Flags", "OnavDebugPolygon.flags",
            typeof(NativeDebugPolygon), "VertexCount", "OnavDebugPolygon.vertex_count",
            typeof(NavLink), "OffMeshIndex", "OnavLink.off_mesh_index",
            typeof(NativeTileInput2D), "Flags", "OnavTileInput2d.flags",
            typeof(NativeTilePolygons), "Flags", "OnavTilePolygons.flags",
            typeof(OffMeshLinkDefinition), "UserId", "OnavOffMeshLinkDefinition.user_id",
            typeof(NativeQueryFilter), "AreaCosts", "OnavQueryFilter.area_costs",
            typeof(WallDistance), "status", "OnavWallDistance.status",
            typeof(NearestPoly), "overPolygon", "OnavNearestPoly.over_polygon",
            typeof(RaycastHit), "PathCost", "OnavRaycastHit.path_cost",
            typeof(RaycastHit), "WallEdge", "OnavRaycastHit.wall_edge",
            typeof(StraightPathVertex), "PolyRef", "OnavStraightPathVertex.poly_ref",
            typeof(WallSegment), "Neighbour", "OnavWallSegment.neighbour",
            typeof(AgentParams), "filter", "OnavAgentParams.filter",
            typeof(AgentParams), "MaxNeighbours", "OnavAgentParams.max_neighbours",
            typeof(AgentParams), "updateFlags", "OnavAgentParams.update_flags",
            typeof(AgentParams), "turnStyle", "OnavAgentParams.turn_style",
            typeof(CrowdSettings), "PlacementHalfExtents", "OnavCrowdSettings.placement_half_extents",
            typeof(AgentState), "state", "OnavAgentState.state",
            typeof(AgentState), "hasTarget", "OnavAgentState.has_target",
            typeof(AgentState), "Target", "OnavAgentState.target",
            typeof(AgentState), "OffMeshLink", "OnavAgentState.off_mesh_link",
            typeof(ShortestPathOutcome), "Nodes", "OnavShortestPathOutcome.nodes",
            typeof(NativePlanarRegion), "Area", "OnavPlanarRegion.area",
            typeof(NativePlanarOutlines), "ObstacleCount", "OnavPlanarOutlines.obstacle_count",
        };

        internal static void Run()
        {
            for (int i = 0; i < Sizes.Length; i += 2)
            {
                var type = (Type)Sizes[i];
                var name = (string)Sizes[i + 1];
                Check.Equal(CLayout(name), (ulong)Marshal.SizeOf(type), "sizeof " + name + " vs " + type.Name);
            }
            for (int i = 0; i < Offsets.Length; i += 3)
            {
                var type = (Type)Offsets[i];
                var field = (string)Offsets[i + 1];
                var name = (string)Offsets[i + 2];
                Check.Equal(CLayout(name), (ulong)Marshal.OffsetOf(type, field).ToInt64(), "offsetof " + name + " vs " + type.Name + "." + field);
            }
        }

        static ulong CLayout(string name)
        {
            ulong value = onav_test_layout(name).ToUInt64();
            Check.That(value != ulong.MaxValue && value != uint.MaxValue, "the C table knows " + name);
            return value;
        }
    }
}

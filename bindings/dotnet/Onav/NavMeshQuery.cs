// Queries over a mesh as it was when the query was made (OnavQuery, a cheap
// copy: later edits are not seen until SetMesh). One query serves one
// thread at a time; make one per thread.
using System;

namespace Onav
{
    public sealed unsafe class NavMeshQuery : IDisposable
    {
        /// The first corridor buffer; longer corridors cost one more call.
        const int CorridorGuess = 256;

        readonly QueryHandle handle;

        NavMeshQuery(QueryHandle handle)
        {
            this.handle = handle;
        }

        /// A query whose path searches may create up to `maxNodes` nodes each.
        public NavMeshQuery(TiledNavMesh mesh, int maxNodes)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_query_new(mesh.Handle, NativeArgs.Index(maxNodes, "maxNodes"), out handle, ref err), ref err);
        }

        public NavMeshQuery(NavMesh navMesh, int maxNodes)
        {
            if (navMesh == null) throw new ArgumentNullException("navMesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_query_new_for_nav_mesh(navMesh.Handle, NativeArgs.Index(maxNodes, "maxNodes"), out handle, ref err), ref err);
        }

        /// A query over the world's class for an agent of `radius` (NavWorld.ClassFor).
        public static NavMeshQuery ForAgent(NavWorld world, float radius, int maxNodes)
        {
            if (world == null) throw new ArgumentNullException("world");
            var err = new NativeError();
            QueryHandle handle;
            NativeStatus.Check(NativeMethods.onav_query_new_for_agent(world.Handle, radius, NativeArgs.Index(maxNodes, "maxNodes"), out handle, ref err), ref err);
            return new NavMeshQuery(handle);
        }

        /// Points the query at the mesh as it is now.
        public void SetMesh(TiledNavMesh mesh)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_query_set_mesh(handle, mesh.Handle, ref err), ref err);
        }

        public int MaxNodes
        {
            get
            {
                var err = new NativeError();
                uint maxNodes;
                NativeStatus.Check(NativeMethods.onav_query_max_nodes(handle, out maxNodes, ref err), ref err);
                return (int)maxNodes;
            }
        }

        /// True when the reference names a polygon of the mesh that the filter passes.
        public bool IsValidPolyRef(ulong polyRef, QueryFilter filter)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            byte valid;
            NativeStatus.Check(NativeMethods.onav_query_is_valid_poly_ref(handle, polyRef, ref native, out valid, ref err), ref err);
            return valid != 0;
        }

        /// The polygon nearest `center` within the box of `halfExtents`; PolyRef 0 when none.
        public NearestPoly FindNearestPoly(Double3 center, Double3 halfExtents, QueryFilter filter)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            NearestPoly nearest;
            NativeStatus.Check(NativeMethods.onav_query_find_nearest_poly(handle, center, halfExtents, ref native, out nearest, ref err), ref err);
            return nearest;
        }

        /// Every polygon overlapping the box that the filter passes.
        public ulong[] QueryPolygons(Double3 center, Double3 halfExtents, QueryFilter filter)
        {
            var native = QueryFilter.ToNative(filter);
            return SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_polygons(handle, center, halfExtents, ref native, b, c, out l, ref e));
        }

        /// The polygon corridor from start to end, searching at most `budget` nodes
        /// (at most MaxNodes).
        public ulong[] FindPath(ulong startRef, ulong endRef, Double3 start, Double3 end, QueryFilter filter, int budget, out PathOutcome outcome)
        {
            var native = QueryFilter.ToNative(filter);
            uint nodes = NativeArgs.Index(budget, "budget");
            PathOutcome result = default(PathOutcome);
            ulong[] corridor = SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_find_path(handle, startRef, endRef, start, end, ref native, nodes, b, c, out l, out result, ref e));
            outcome = result;
            return corridor;
        }

        /// The corridor pulled tight into corners; `status` says whether it reaches the end.
        public StraightPathVertex[] FindStraightPath(ulong[] corridor, Double3 start, Double3 end, StraightPathCrossings crossings, out PathStatus status)
        {
            if (corridor == null) throw new ArgumentNullException("corridor");
            int pathStatus = 0;
            StraightPathVertex[] path;
            fixed (ulong* corridorPointer = corridor)
            {
                ulong* pointer = corridorPointer;
                path = SizeQuery.Collect<StraightPathVertex>(corridor.Length + 2, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_find_straight_path(handle, pointer, NativeArgs.Length(corridor), start, end, (int)crossings, b, c, out l, out pathStatus, ref e));
            }
            status = (PathStatus)pathStatus;
            return path;
        }

        /// The exact shortest path from start to end (docs/QUERIES.md, "Exact
        /// shortest paths") as straight-path vertices, not the string-pulled
        /// cheapest corridor; empty unless `outcome.Status` is Complete.
        /// InvalidOperationException for a filter whose included areas do not
        /// all cost the same, NavMeshReferenceException for a null or stale
        /// reference.
        public StraightPathVertex[] FindShortestPath(ulong startRef, ulong endRef, Double3 start, Double3 end, QueryFilter filter, out ShortestPathOutcome outcome)
        {
            var native = QueryFilter.ToNative(filter);
            ShortestPathOutcome result = default(ShortestPathOutcome);
            StraightPathVertex[] path = SizeQuery.Collect<StraightPathVertex>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_find_shortest_path(handle, startRef, endRef, start, end, ref native, b, c, out l, out result, ref e));
            outcome = result;
            return path;
        }

        /// The length of a straight path along its vertices.
        public static double StraightPathLength(StraightPathVertex[] path)
        {
            if (path == null) throw new ArgumentNullException("path");
            var err = new NativeError();
            double length;
            fixed (StraightPathVertex* vertices = path)
            {
                NativeStatus.Check(NativeMethods.onav_straight_path_length(vertices, NativeArgs.Length(path), out length, ref err), ref err);
            }
            return length;
        }

        /// Walks the surface from start toward end until a wall; returns the
        /// polygons visited.
        public ulong[] Raycast(ulong startRef, Double3 start, Double3 end, QueryFilter filter, RaycastOptions options, out RaycastHit hit)
        {
            var native = QueryFilter.ToNative(filter);
            RaycastHit result = default(RaycastHit);
            ulong[] visited = SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_raycast(handle, startRef, start, end, ref native, (uint)options, b, c, out l, out result, ref e));
            hit = result;
            return visited;
        }

        public WallDistance FindDistanceToWall(ulong startRef, Double3 center, double radius, QueryFilter filter)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            WallDistance distance;
            NativeStatus.Check(NativeMethods.onav_query_find_distance_to_wall(handle, startRef, center, radius, ref native, out distance, ref err), ref err);
            return distance;
        }

        /// Moves from start toward end along the surface, sliding along walls;
        /// returns the polygons visited.
        public ulong[] MoveAlongSurface(ulong startRef, Double3 start, Double3 end, QueryFilter filter, out SurfaceMove move)
        {
            var native = QueryFilter.ToNative(filter);
            SurfaceMove result = default(SurfaceMove);
            ulong[] visited = SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_move_along_surface(handle, startRef, start, end, ref native, b, c, out l, out result, ref e));
            move = result;
            return visited;
        }

        /// The non-overlapping polygons around a point within a radius.
        public NeighbourPoly[] FindLocalNeighbourhood(ulong startRef, Double3 center, double radius, QueryFilter filter, out SearchStatus status)
        {
            var native = QueryFilter.ToNative(filter);
            int searchStatus = 0;
            NeighbourPoly[] polygons = SizeQuery.Collect<NeighbourPoly>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_find_local_neighbourhood(handle, startRef, center, radius, ref native, b, c, out l, out searchStatus, ref e));
            status = (SearchStatus)searchStatus;
            return polygons;
        }

        /// The polygons a circle touches, reached from the start polygon, with their costs.
        public PolyAround[] FindPolysAroundCircle(ulong startRef, Double3 center, double radius, QueryFilter filter, out SearchStatus status)
        {
            var native = QueryFilter.ToNative(filter);
            int searchStatus = 0;
            PolyAround[] polygons = SizeQuery.Collect<PolyAround>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_find_polys_around_circle(handle, startRef, center, radius, ref native, b, c, out l, out searchStatus, ref e));
            status = (SearchStatus)searchStatus;
            return polygons;
        }

        /// A point on the surface, area-weighted; the same seed gives the same point.
        public RandomPoint FindRandomPoint(QueryFilter filter, ulong seed)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            RandomPoint point;
            NativeStatus.Check(NativeMethods.onav_query_find_random_point(handle, ref native, seed, out point, ref err), ref err);
            return point;
        }

        public RandomPoint FindRandomPointAroundCircle(ulong startRef, Double3 center, double radius, QueryFilter filter, ulong seed, out SearchStatus status)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            RandomPoint point;
            int searchStatus;
            NativeStatus.Check(NativeMethods.onav_query_find_random_point_around_circle(handle, startRef, center, radius, ref native, seed, out point, out searchStatus, ref err), ref err);
            status = (SearchStatus)searchStatus;
            return point;
        }

        public ClosestPoint ClosestPointOnPoly(ulong polyRef, Double3 position)
        {
            var err = new NativeError();
            ClosestPoint closest;
            NativeStatus.Check(NativeMethods.onav_query_closest_point_on_poly(handle, polyRef, position, out closest, ref err), ref err);
            return closest;
        }

        public Double3 ClosestPointOnPolyBoundary(ulong polyRef, Double3 position)
        {
            var err = new NativeError();
            Double3 closest;
            NativeStatus.Check(NativeMethods.onav_query_closest_point_on_poly_boundary(handle, polyRef, position, out closest, ref err), ref err);
            return closest;
        }

        /// The surface height of the polygon at the position's X/Z; false when
        /// the position is not over the polygon.
        public bool GetPolyHeight(ulong polyRef, Double3 position, out double height)
        {
            var err = new NativeError();
            byte over;
            NativeStatus.Check(NativeMethods.onav_query_poly_height(handle, polyRef, position, out over, out height, ref err), ref err);
            return over != 0;
        }

        /// The polygon's walls (edges the filter does not let through), and its portals too when asked.
        public WallSegment[] GetPolyWallSegments(ulong polyRef, QueryFilter filter, bool includePortals)
        {
            var native = QueryFilter.ToNative(filter);
            byte portals = includePortals ? (byte)1 : (byte)0;
            return SizeQuery.Collect<WallSegment>(NativePolygonInfo.MaxVertsPerPoly, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_poly_wall_segments(handle, polyRef, ref native, portals, b, c, out l, ref e));
        }

        /// Starts a path search to be run a few iterations at a time.
        public void InitSlicedFindPath(ulong startRef, ulong endRef, Double3 start, Double3 end, QueryFilter filter, int budget)
        {
            var native = QueryFilter.ToNative(filter);
            var err = new NativeError();
            NativeStatus.Check(NativeMethods.onav_query_init_sliced_find_path(handle, startRef, endRef, start, end, ref native, NativeArgs.Index(budget, "budget"), ref err), ref err);
        }

        public SliceProgress UpdateSlicedFindPath(int maxIterations)
        {
            var err = new NativeError();
            SliceProgress progress;
            NativeStatus.Check(NativeMethods.onav_query_update_sliced_find_path(handle, NativeArgs.Index(maxIterations, "maxIterations"), out progress, ref err), ref err);
            return progress;
        }

        /// Ends the sliced search with its corridor (partial when not finished).
        public ulong[] FinalizeSlicedFindPath(out PathOutcome outcome)
        {
            PathOutcome result = default(PathOutcome);
            ulong[] corridor = SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_finalize_sliced_find_path(handle, b, c, out l, out result, ref e));
            outcome = result;
            return corridor;
        }

        /// Ends the sliced search with the corridor to the furthest polygon of
        /// `existing` that it visited.
        public ulong[] FinalizeSlicedFindPathPartial(ulong[] existing, out PathOutcome outcome)
        {
            if (existing == null) throw new ArgumentNullException("existing");
            PathOutcome result = default(PathOutcome);
            ulong[] corridor;
            fixed (ulong* existingPointer = existing)
            {
                ulong* pointer = existingPointer;
                corridor = SizeQuery.Collect<ulong>(CorridorGuess, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_query_finalize_sliced_find_path_partial(handle, pointer, NativeArgs.Length(existing), b, c, out l, out result, ref e));
            }
            outcome = result;
            return corridor;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}

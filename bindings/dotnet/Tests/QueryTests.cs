// The rest of NavMeshQuery on a real mesh, between two points a complete
// path joins: each answer checked against what the C documentation says
// it is, and the sliced search against the one-call search.
using System;

namespace Onav.Tests
{
    static class QueryTests
    {
        internal static void Run(NavMeshQuery query, QueryFilter filter, RandomPoint start, RandomPoint end, ulong[] corridor)
        {
            Check.That(query.IsValidPolyRef(start.PolyRef, filter), "a random point's polygon is valid");
            Check.That(!query.IsValidPolyRef(0, filter), "PolyRef 0 is not valid");
            Check.That(Array.IndexOf(query.QueryPolygons(start.Position, new Double3(1, 2, 1), filter), start.PolyRef) >= 0, "the box around a point holds its polygon");

            ClosestPoint closest = query.ClosestPointOnPoly(start.PolyRef, start.Position);
            Check.That(closest.OverPolygon && Math.Abs(closest.Position.X - start.Position.X) < 1e-9 && Math.Abs(closest.Position.Z - start.Position.Z) < 1e-9, "a point over its polygon is its own closest point in X/Z");
            double height;
            Check.That(query.GetPolyHeight(start.PolyRef, start.Position, out height) && Math.Abs(height - start.Position.Y) < 1e-3, "the polygon's height under a point on the surface is the point's: " + height + " vs " + start.Position.Y);
            Check.That(XZ(query.ClosestPointOnPolyBoundary(start.PolyRef, start.Position), start.Position) == 0, "a point over its polygon is its own boundary answer");
            var away = new Double3(start.Position.X + 100, start.Position.Y, start.Position.Z);
            double gap = XZ(query.ClosestPointOnPolyBoundary(start.PolyRef, away), away);
            Check.That(gap > 0 && gap <= 100, "a point away from the polygon gets a boundary point nearer than the polygon's own point, at " + gap);
            WallSegment[] walls = query.GetPolyWallSegments(start.PolyRef, filter, true);
            Check.That(walls.Length >= 3, "a polygon's edges with portals are at least three segments, got " + walls.Length);

            SearchStatus status;
            PolyAround[] around = query.FindPolysAroundCircle(start.PolyRef, start.Position, 3, filter, out status);
            Check.That(around.Length >= 1 && around[0].PolyRef == start.PolyRef && around[0].Parent == 0 && status == SearchStatus.Complete, "a circle search starts at its polygon");
            NeighbourPoly[] neighbourhood = query.FindLocalNeighbourhood(start.PolyRef, start.Position, 3, filter, out status);
            Check.That(neighbourhood.Length >= 1 && neighbourhood[0].PolyRef == start.PolyRef && neighbourhood[0].Parent == 0, "a neighbourhood starts at its polygon");
            RandomPoint near = query.FindRandomPointAroundCircle(start.PolyRef, start.Position, 3, filter, 7, out status);
            Check.That(query.IsValidPolyRef(near.PolyRef, filter), "a random point around a circle lies on a valid polygon");
            WallDistance wall = query.FindDistanceToWall(start.PolyRef, start.Position, 50, filter);
            Check.That(!wall.Hit || wall.Distance <= 50, "a wall found lies within the radius");

            SurfaceMove move;
            ulong[] visited = query.MoveAlongSurface(start.PolyRef, start.Position, start.Position, filter, out move);
            Check.That(visited.Length == 1 && visited[0] == start.PolyRef && XZ(move.Position, start.Position) < 1e-9, "moving nowhere stays put");

            RaycastHit hit;
            query.Raycast(start.PolyRef, start.Position, end.Position, filter, RaycastOptions.PathCost, out hit);
            Check.That(hit.HasPathCost && hit.PathCost >= 0, "a raycast asked for its cost has one");

            ChecksSlicedSearch(query, filter, start, end, corridor);
            ChecksShortestPath(query, filter, start, end, corridor);
        }

        // The exact shortest path is a path on the mesh no longer than the
        // straight path of any corridor, the cheapest one's included, and its
        // length is the straight-path length of its vertices (docs/QUERIES.md).
        static void ChecksShortestPath(NavMeshQuery query, QueryFilter filter, RandomPoint start, RandomPoint end, ulong[] corridor)
        {
            ShortestPathOutcome outcome;
            StraightPathVertex[] path = query.FindShortestPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, out outcome);
            Check.Equal(ShortestPathStatus.Complete, outcome.Status, "the shortest path between the two points");
            Check.That(path.Length >= 2 && (path[0].Flags & StraightPathFlags.Start) != 0 && (path[path.Length - 1].Flags & StraightPathFlags.End) != 0, "the shortest path has start and end vertices");
            Check.That(path.Length >= 2 && path[0].PolyRef == start.PolyRef && XZ(path[path.Length - 1].Position, end.Position) < 1e-6, "the shortest path runs from the start polygon to the end point");
            Check.That(Math.Abs(NavMeshQuery.StraightPathLength(path) - outcome.Length) <= 1e-9 * outcome.Length, "the outcome's length is the path's: " + outcome.Length);
            PathStatus status;
            double pulled = NavMeshQuery.StraightPathLength(query.FindStraightPath(corridor, start.Position, end.Position, StraightPathCrossings.None, out status));
            Check.That(outcome.Length <= pulled * (1 + 1e-9) && outcome.Nodes > 0, "the shortest path, " + outcome.Length + ", is no longer than the cheapest corridor's straight path, " + pulled);

            var weighted = new QueryFilter();
            weighted.AreaCosts[weighted.AreaCosts.Length - 1] = 2;
            Check.Throws<InvalidOperationException>(() => query.FindShortestPath(start.PolyRef, end.PolyRef, start.Position, end.Position, weighted, out outcome), "a filter whose areas cost differently");
            Check.Throws<NavMeshReferenceException>(() => query.FindShortestPath(0, end.PolyRef, start.Position, end.Position, filter, out outcome), "a shortest path from PolyRef 0");
        }

        static void ChecksSlicedSearch(NavMeshQuery query, QueryFilter filter, RandomPoint start, RandomPoint end, ulong[] corridor)
        {
            query.InitSlicedFindPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, query.MaxNodes);
            int updates = 0;
            while (!query.UpdateSlicedFindPath(2).Finished && updates < 100000) updates++;
            PathOutcome outcome;
            ulong[] sliced = query.FinalizeSlicedFindPath(out outcome);
            Check.That(outcome.Status == PathStatus.Complete && updates > 0 && Same(corridor, sliced), "the sliced search, 2 iterations at a time, finds the same corridor");
            Check.Throws<InvalidOperationException>(() => query.FinalizeSlicedFindPath(out outcome), "finalizing without a search");

            query.InitSlicedFindPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, query.MaxNodes);
            ulong[] partial = query.FinalizeSlicedFindPathPartial(corridor, out outcome);
            Check.That(partial.Length >= 1 && partial[0] == start.PolyRef, "a partial finalize before any update starts at the start polygon");
        }

        static double XZ(Double3 a, Double3 b)
        {
            return Math.Sqrt((a.X - b.X) * (a.X - b.X) + (a.Z - b.Z) * (a.Z - b.Z));
        }

        internal static bool Same(ulong[] a, ulong[] b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
            return true;
        }
    }
}

// The README's small task in C#: load a mesh, find a path. Built with the
// library and run under ctest on the mesh the tests save (dotnet_example).
//   mono FindPath.exe LEVEL.onnm X,Y,Z X,Y,Z
using System;
using System.Globalization;
using System.IO;
using Onav;

static class FindPath
{
    static int Main(string[] args)
    {
        using (NavMesh mesh = NavMesh.Load(File.ReadAllBytes(args[0])))
        using (var query = new NavMeshQuery(mesh, 2048))
        {
            var filter = new QueryFilter();
            var extents = new Double3(2, 4, 2);
            NearestPoly start = query.FindNearestPoly(Point(args[1]), extents, filter);
            NearestPoly end = query.FindNearestPoly(Point(args[2]), extents, filter);

            PathOutcome outcome;
            ulong[] corridor = query.FindPath(start.PolyRef, end.PolyRef, start.Position, end.Position, filter, 2048, out outcome);
            PathStatus status;
            StraightPathVertex[] corners = query.FindStraightPath(corridor, start.Position, end.Position, StraightPathCrossings.None, out status);

            Console.WriteLine(outcome.Status + ": " + corridor.Length + " polygons, length " + NavMeshQuery.StraightPathLength(corners));
            foreach (StraightPathVertex corner in corners) Console.WriteLine(corner.Position);
            return outcome.Status == PathStatus.Complete ? 0 : 1;
        }
    }

    static Double3 Point(string text)
    {
        string[] xyz = text.Split(',');
        return new Double3(double.Parse(xyz[0], CultureInfo.InvariantCulture),
                           double.Parse(xyz[1], CultureInfo.InvariantCulture),
                           double.Parse(xyz[2], CultureInfo.InvariantCulture));
    }
}

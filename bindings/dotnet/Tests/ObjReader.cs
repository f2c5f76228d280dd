// The `v` and `f` lines of a Wavefront OBJ file, faces as triangle fans,
// positions read as float32 then widened (as the Rust and C tests' readers
// do, so the same file gives the same geometry).
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace Onav.Tests
{
    static class ObjReader
    {
        internal static TriangleGeometry Read(string path)
        {
            var vertices = new List<Double3>();
            var indices = new List<uint>();
            foreach (string line in File.ReadAllLines(path))
            {
                string[] parts = line.Split(new[] { ' ', '\t' }, System.StringSplitOptions.RemoveEmptyEntries);
                if (parts.Length == 0) continue;
                if (parts[0] == "v") vertices.Add(new Double3(Float(parts[1]), Float(parts[2]), Float(parts[3])));
                if (parts[0] == "f") AddFan(parts, vertices.Count, indices);
            }
            return new TriangleGeometry(vertices.ToArray(), indices.ToArray(), null);
        }

        static double Float(string text)
        {
            return float.Parse(text, CultureInfo.InvariantCulture);
        }

        static void AddFan(string[] parts, int vertexCount, List<uint> indices)
        {
            var corners = new List<uint>();
            for (int i = 1; i < parts.Length; i++)
            {
                int index = int.Parse(parts[i].Split('/')[0], CultureInfo.InvariantCulture);
                corners.Add((uint)(index < 0 ? vertexCount + index : index - 1));
            }
            for (int i = 1; i + 1 < corners.Count; i++)
            {
                indices.Add(corners[0]);
                indices.Add(corners[i]);
                indices.Add(corners[i + 1]);
            }
        }
    }
}

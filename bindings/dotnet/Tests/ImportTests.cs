// DetourImport on the repository's RecastDemo tile set, its version error,
// and the version check a host makes at start-up.
using System.IO;

namespace Onav.Tests
{
    static class ImportTests
    {
        internal static void Run(string detourDir)
        {
            Check.That(OnavVersion.IsCompatible, "the loaded library has the bindings' ABI");
            Check.Equal(OnavVersion.Expected, OnavVersion.Library, "the loaded library is the version the bindings mirror");

            byte[] set = File.ReadAllBytes(Path.Combine(detourDir, "nav_test.mset"));
            DetourImportOptions options = DetourImportOptions.Default;
            Check.Equal(45f, options.MaxSlopeDegrees, "default MaxSlopeDegrees");
            using (TiledNavMesh mesh = DetourImport.ReadTileSet(set, options))
            {
                Check.Equal(System.BitConverter.ToInt32(set, 8), mesh.TileCount, "every tile of the set imported");
            }
            var version2 = (byte[])set.Clone();
            version2[4] = 2;
            var e = Check.Throws<NavMeshVersionException>(() => DetourImport.ReadTileSet(version2, options), "an MSET version 2");
            if (e != null) Check.That(e.Found == 2 && e.Expected == 1, "Found 2, Expected 1: " + e.Found + ", " + e.Expected);
        }
    }
}
